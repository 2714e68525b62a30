import { Controller } from '@nestjs/common';
import { type AppMessage, type InstantShipment, InstantShipPatterns } from '@shipping/contracts';
import { InstantShipCommands } from './instant-ship.commands';
import { CommandPattern } from '@shipping/platform/idempotency';

@Controller()
export class InstantShipController {
  constructor(private readonly commands: InstantShipCommands) {}

  @CommandPattern(InstantShipPatterns.ship)
  ship(message: AppMessage<unknown>): Promise<InstantShipment> {
    return this.commands.ship(message);
  }
}
