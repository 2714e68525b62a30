import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';

/** Pickup order ids are integers handed out by a sequence the pickup app owns. */
@Injectable()
export class PickupIds implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, PICKUP_MIGRATIONS);
  }

  async next(): Promise<number> {
    const { rows } = await this.sql.query<{ id: string | number }>(
      "select nextval('pickup_order_ids') as id",
    );
    return Number(rows[0].id);
  }
}
