import { Controller } from '@nestjs/common';
import { type AppMessage, type PageRequest, PickupPatterns, tenantOf } from '@shipping/contracts';
import type { PickupOrderView } from '@shipping/pickup-domain';
import { type PickupRate, PickupQuotes } from '../rates/pickup-quotes';
import { PickupOrdersReadModel } from '../read-model/pickup-orders.read-model';
import { PickupCommands, type SavedPickup } from './pickup-commands';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';

@Controller()
export class PickupsController {
  constructor(
    private readonly commands: PickupCommands,
    private readonly quotes: PickupQuotes,
    private readonly orders: PickupOrdersReadModel,
  ) {}

  @CommandPattern(PickupPatterns.savePickupOrder)
  save(message: AppMessage<unknown>): Promise<SavedPickup> {
    return this.commands.save(message);
  }

  @CommandPattern(PickupPatterns.cancelPickupOrder)
  cancel({ context, payload }: AppMessage<{ id: number }>): Promise<PickupOrderView> {
    return this.commands.cancel(context, payload.id);
  }

  @QueryPattern(PickupPatterns.quotePickup)
  quote(message: AppMessage<unknown>): Promise<PickupRate> {
    return this.quotes.quote(message);
  }

  @QueryPattern(PickupPatterns.listPickupOrders)
  list({ context, payload }: AppMessage<PageRequest>): Promise<PickupOrderView[]> {
    return this.orders.list(tenantOf(context), payload);
  }

  @QueryPattern(PickupPatterns.getPickupOrder)
  get({ context, payload }: AppMessage<{ id: number }>): Promise<PickupOrderView> {
    return this.orders.get(tenantOf(context), payload.id);
  }
}
