import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';

/** Draft order ids are integers handed out by a sequence the order app owns. */
@Injectable()
export class OrderIds implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await this.sql.exec('create sequence if not exists order_shipment_order_ids start with 100001');
  }

  async next(): Promise<number> {
    const { rows } = await this.sql.query<{ id: string | number }>(
      "select nextval('order_shipment_order_ids') as id",
    );
    return Number(rows[0].id);
  }
}
