import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { type Envelope, OrderPatterns, type PageRequest, type SavedOrder } from '@shipping/contracts';
import type { OpenOrder } from '@shipping/order-domain';
import { OpenOrdersReadModel } from '../open-orders/open-orders.read-model';
import { OrderCommands } from './order-commands';

@Controller()
export class OrdersController {
  constructor(
    private readonly commands: OrderCommands,
    private readonly openOrders: OpenOrdersReadModel,
  ) {}

  @MessagePattern(OrderPatterns.saveFreightOrder)
  saveFreight(message: Envelope<unknown>): Promise<SavedOrder> {
    return this.commands.saveFreightOrder(message);
  }

  @MessagePattern(OrderPatterns.saveParcelOrder)
  saveParcel(message: Envelope<unknown>): Promise<SavedOrder> {
    return this.commands.saveParcelOrder(message);
  }

  @MessagePattern(OrderPatterns.listOpenOrders)
  list({ context, payload }: Envelope<PageRequest>): Promise<OpenOrder[]> {
    return this.openOrders.list(context.accountId, payload);
  }
}
