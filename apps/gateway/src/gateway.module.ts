import { Module } from '@nestjs/common';
import { messageSecretsProvider } from '@shipping/platform/secrets';
import { AccountController } from './account/account.controller';
import { AccountsController } from './accounts/accounts.controller';
import { AdminController } from './admin/admin.controller';
import { AuditController } from './audit/audit.controller';
import { AccountAuditExportController, AdminAuditExportsController } from './audit/audit-exports.controller';
import { AuditExports } from './audit/audit-exports';
import { AuditCheckpointsController } from './audit/audit-checkpoints.controller';
import { AdminCredentialsController } from './admin/admin-credentials.controller';
import { ShipperCredentials } from './admin/shipper-credentials';
import { BatchesController } from './batches/batches.controller';
import { LabelLinks } from './batches/label-links';
import { AppRequestSender } from './commands/app-request-sender';
import { DashboardController } from './dashboard/dashboard.controller';
import { DashboardFiles } from './dashboard/dashboard-files';
import { HealthController } from './health/health.controller';
import { GatewayHttpModule } from './http';
import { LabelsController } from './labels/labels.controller';
import { InstantShipController } from './orders/instant-ship.controller';
import { InstantShipSwitch } from './orders/instant-ship-switch';
import { OpenApiController } from './openapi/openapi.controller';
import { OpenApiDocument } from './openapi/openapi-document';
import { OrdersController } from './orders/orders.controller';
import { PickupsController } from './pickups/pickups.controller';
import { WebhooksController } from './webhooks/webhooks.controller';

/** REST in, commands and queries out: the gateway holds no business rule. */
@Module({
  imports: [GatewayHttpModule],
  controllers: [
    HealthController,
    AccountsController,
    AccountController,
    AdminController,
    AdminCredentialsController,
    OrdersController,
    InstantShipController,
    PickupsController,
    BatchesController,
    LabelsController,
    WebhooksController,
    DashboardController,
    OpenApiController,
    AuditController,
    AdminAuditExportsController,
    AuditCheckpointsController,
    AccountAuditExportController,
  ],
  providers: [
    AppRequestSender,
    LabelLinks,
    InstantShipSwitch,
    DashboardFiles,
    OpenApiDocument,
    messageSecretsProvider,
    ShipperCredentials,
    AuditExports,
  ],
})
export class GatewayModule {}
