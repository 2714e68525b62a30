import { Controller } from '@nestjs/common';
import { type Envelope, type InstantShipment, InstantShipPatterns } from '@shipping/contracts';
import { InstantShipCommands } from './instant-ship.commands';
import { CommandPattern } from '@shipping/platform';

@Controller()
export class InstantShipController {
  constructor(private readonly commands: InstantShipCommands) {}

  @CommandPattern(InstantShipPatterns.ship)
  ship(message: Envelope<unknown>): Promise<InstantShipment> {
    return this.commands.ship(message);
  }
}
