import { Controller } from '@nestjs/common';
import {
  type AppMessage,
  OrderPatterns,
  type PageRequest,
  type SavedOrder,
  tenantOf,
} from '@shipping/contracts';
import type { OpenOrder } from '@shipping/order-domain';
import { OpenOrdersReadModel } from '../open-orders/open-orders.read-model';
import { OrderCommands } from './order-commands';
import { CommandPattern, QueryPattern } from '@shipping/platform/idempotency';

@Controller()
export class OrdersController {
  constructor(
    private readonly commands: OrderCommands,
    private readonly openOrders: OpenOrdersReadModel,
  ) {}

  @CommandPattern(OrderPatterns.saveFreightOrder)
  saveFreight(message: AppMessage<unknown>): Promise<SavedOrder> {
    return this.commands.saveFreightOrder(message);
  }

  @CommandPattern(OrderPatterns.saveParcelOrder)
  saveParcel(message: AppMessage<unknown>): Promise<SavedOrder> {
    return this.commands.saveParcelOrder(message);
  }

  @QueryPattern(OrderPatterns.listOpenOrders)
  list({ context, payload }: AppMessage<PageRequest>): Promise<OpenOrder[]> {
    return this.openOrders.list(tenantOf(context), payload);
  }
}
