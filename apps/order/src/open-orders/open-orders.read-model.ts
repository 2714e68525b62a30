import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PageRequest, Tenant } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { isOrderEvent, type OpenOrder, type OrderEvent, ORDER_STREAM_PREFIX } from '@shipping/order-domain';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { projectOpenOrderRow } from './open-orders.projection';

export const OPEN_ORDERS_SUBSCRIPTION = 'order.open-orders';

/**
 * The open-orders page's read model: a projection of `order-*` streams into one row per order.
 * Delivery is at-least-once, so a row only moves forward on a newer stream revision.
 */
@Subscribes({ name: OPEN_ORDERS_SUBSCRIPTION, streamPrefixes: [ORDER_STREAM_PREFIX], accepts: isOrderEvent })
@Injectable()
export class OpenOrdersReadModel implements EventSubscriber<OrderEvent>, OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
  }

  handle(event: Recorded<OrderEvent>): Promise<void> {
    return projectOpenOrderRow(this.sql, event);
  }

  /** The tenant's orders, newest first; one row more than the page to tell whether a next page exists. */
  async list(tenant: Tenant, page: PageRequest): Promise<OpenOrder[]> {
    const { rows } = await this.sql.query<{ doc: OpenOrder }>(
      `select doc from order_open_orders where account_id = $1 and mode = $2
       order by created_at desc, shipment_order_id desc limit $3 offset $4`,
      [tenant.accountId, tenant.mode, page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return rows.map((row) => row.doc);
  }
}
