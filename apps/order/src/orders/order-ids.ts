import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { ORDER_MIGRATIONS } from '../order.migrations';

/** Draft order ids are integers handed out by a sequence the order app owns. */
@Injectable()
export class OrderIds implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
  }

  async next(): Promise<number> {
    const { rows } = await this.sql.query<{ id: string | number }>(
      "select nextval('order_shipment_order_ids') as id",
    );
    return Number(rows[0].id);
  }
}
