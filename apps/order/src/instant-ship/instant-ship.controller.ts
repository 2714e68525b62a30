import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type Envelope, type InstantShipment, InstantShipPatterns } from '@shipping/contracts';
import { InstantShipCommands } from './instant-ship.commands';

@Controller()
export class InstantShipController {
  constructor(private readonly commands: InstantShipCommands) {}

  @MessagePattern(InstantShipPatterns.ship)
  ship(message: Envelope<unknown>): Promise<InstantShipment> {
    return this.commands.ship(message);
  }
}
