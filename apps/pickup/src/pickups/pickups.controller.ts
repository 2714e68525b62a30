import { Controller } from '@nestjs/common';
import { type Envelope, type PageRequest, PickupPatterns } from '@shipping/contracts';
import type { PickupOrderView } from '@shipping/pickup-domain';
import { type PickupRate, PickupQuotes } from '../rates/pickup-quotes';
import { PickupOrdersReadModel } from '../read-model/pickup-orders.read-model';
import { PickupCommands, type SavedPickup } from './pickup-commands';
import { CommandPattern, QueryPattern } from '@shipping/platform';

@Controller()
export class PickupsController {
  constructor(
    private readonly commands: PickupCommands,
    private readonly quotes: PickupQuotes,
    private readonly orders: PickupOrdersReadModel,
  ) {}

  @CommandPattern(PickupPatterns.savePickupOrder)
  save(message: Envelope<unknown>): Promise<SavedPickup> {
    return this.commands.save(message);
  }

  @QueryPattern(PickupPatterns.quotePickup)
  quote(message: Envelope<unknown>): Promise<PickupRate> {
    return this.quotes.quote(message);
  }

  @QueryPattern(PickupPatterns.listPickupOrders)
  list({ context, payload }: Envelope<PageRequest>): Promise<PickupOrderView[]> {
    return this.orders.list(context.accountId, payload);
  }
}
