import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { WEBHOOK_MIGRATIONS } from './webhook.migrations';

/** The webhook app's tables (see webhook.migrations.ts), migrated before its stores are used. */
@Injectable()
export class WebhookSchema implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, WEBHOOK_MIGRATIONS);
  }
}
