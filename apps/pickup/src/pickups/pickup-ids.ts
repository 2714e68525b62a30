import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';

/** Pickup order ids are integers handed out by a sequence the pickup app owns. */
@Injectable()
export class PickupIds implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await this.sql.exec('create sequence if not exists pickup_order_ids start with 5001');
  }

  async next(): Promise<number> {
    const { rows } = await this.sql.query<{ id: string | number }>(
      "select nextval('pickup_order_ids') as id",
    );
    return Number(rows[0].id);
  }
}
