import { Module } from '@nestjs/common';
import { idempotentRequestsRetention } from '@shipping/platform/idempotency';
import { retentionJob } from '@shipping/platform/retention';
import { AccountDirectory } from './accounts/account-directory';
import { AccountsController } from './accounts/accounts.controller';
import { InstantShipCompletion } from './instant-ship/instant-ship-completion';
import { InstantShipController } from './instant-ship/instant-ship.controller';
import { InstantShipCommands } from './instant-ship/instant-ship.commands';
import { InstantShipKeys, instantShipKeysRetention } from './instant-ship/instant-ship-keys';
import { InstantShipRecovery } from './instant-ship/instant-ship-recovery';
import { LABEL_TIMEOUT, readInstantShipTiming } from './instant-ship/instant-ship-timing';
import { PendingShipments, SHIPMENT_LEASE } from './instant-ship/pending-shipments';
import { ShippedParcelNotifications } from './instant-ship/shipped-parcel-notifications';
import { OpenOrdersReadModel } from './open-orders/open-orders.read-model';
import { OrderCommands } from './orders/order-commands';
import { OrderIds } from './orders/order-ids';
import { OrdersController } from './orders/orders.controller';

/**
 * Draft freight and parcel orders, the open-orders read model, the account directory, and
 * instant ship (`shipment-<id>` streams) with its recovery and webhook notifications.
 */
@Module({
  controllers: [OrdersController, AccountsController, InstantShipController],
  providers: [
    AccountDirectory,
    OrderIds,
    OrderCommands,
    OpenOrdersReadModel,
    { provide: SHIPMENT_LEASE, useFactory: () => readInstantShipTiming(process.env).leaseMs },
    { provide: LABEL_TIMEOUT, useFactory: () => readInstantShipTiming(process.env).labelTimeoutMs },
    PendingShipments,
    InstantShipKeys,
    InstantShipCompletion,
    InstantShipCommands,
    InstantShipRecovery,
    ShippedParcelNotifications,
    retentionJob([], () => [instantShipKeysRetention(), idempotentRequestsRetention()]),
  ],
})
export class OrderModule {}
