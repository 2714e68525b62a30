import { Module } from '@nestjs/common';
import { AccountsController } from './accounts/accounts.controller';
import { BatchesController } from './batches/batches.controller';
import { LabelLinks } from './batches/label-links';
import { CommandBus } from './commands/command-bus';
import { HealthController } from './health/health.controller';
import { GatewayHttpModule } from './http';
import { LabelsController } from './labels/labels.controller';
import { OrdersController } from './orders/orders.controller';
import { PickupsController } from './pickups/pickups.controller';
import { WebhooksController } from './webhooks/webhooks.controller';

/** REST in, commands and queries out: the gateway holds no business rule. */
@Module({
  imports: [GatewayHttpModule],
  controllers: [HealthController, AccountsController, OrdersController, PickupsController, BatchesController, LabelsController, WebhooksController],
  providers: [CommandBus, LabelLinks],
})
export class GatewayModule {}
