import { Module } from '@nestjs/common';
import { AccountDirectory } from './accounts/account-directory';
import { AccountsController } from './accounts/accounts.controller';
import { OpenOrdersReadModel } from './open-orders/open-orders.read-model';
import { OrderCommands } from './orders/order-commands';
import { OrderIds } from './orders/order-ids';
import { OrdersController } from './orders/orders.controller';

/** Draft freight and parcel orders, the open-orders read model and the account directory. */
@Module({
  controllers: [OrdersController, AccountsController],
  providers: [AccountDirectory, OrderIds, OrderCommands, OpenOrdersReadModel],
})
export class OrderModule {}
