import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PageRequest } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import {
  isPickupEvent,
  PICKUP_STREAM_PREFIX,
  type PickupEvent,
  type PickupOrderView,
} from '@shipping/pickup-domain';
import { type EventSubscriber, type Recorded, SQL_CLIENT, Subscribes } from '@shipping/platform';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';
import { projectPickupOrder } from './pickup-orders.projection';

/** The pickup-orders page: one row per pickup order, projected from `pickup-*` streams (at-least-once). */
@Subscribes({ name: 'pickup.orders-view', streamPrefixes: [PICKUP_STREAM_PREFIX], accepts: isPickupEvent })
@Injectable()
export class PickupOrdersReadModel implements EventSubscriber<PickupEvent>, OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, PICKUP_MIGRATIONS);
  }

  handle(event: Recorded<PickupEvent>): Promise<void> {
    return projectPickupOrder(this.sql, event);
  }

  /** Newest first; one row more than the page to tell whether a next page exists. */
  async list(accountId: string, page: PageRequest): Promise<PickupOrderView[]> {
    const { rows } = await this.sql.query<{ doc: PickupOrderView }>(
      `select doc from pickup_orders_view where account_id = $1
       order by created_at desc, pickup_id desc limit $2 offset $3`,
      [accountId, page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return rows.map((row) => row.doc);
  }
}
