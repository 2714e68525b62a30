import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { NotFound, type PageRequest, type Tenant } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import {
  isPickupEvent,
  PICKUP_NOT_FOUND_MESSAGE,
  PICKUP_STREAM_PREFIX,
  type PickupEvent,
  type PickupOrderView,
} from '@shipping/pickup-domain';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';
import { projectPickupOrder } from './pickup-orders.projection';

/**
 * The pickup-orders page: one row per pickup order, projected from `pickup-*` streams
 * (at-least-once). Every read names its tenant: another mode's pickup is as unknown as another
 * account's (decision 0101).
 */
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
  async list(tenant: Tenant, page: PageRequest): Promise<PickupOrderView[]> {
    const { rows } = await this.sql.query<{ doc: PickupOrderView }>(
      `select doc from pickup_orders_view where account_id = $1 and mode = $2
       order by created_at desc, pickup_id desc limit $3 offset $4`,
      [tenant.accountId, tenant.mode, page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return rows.map((row) => row.doc);
  }

  async get(tenant: Tenant, pickupId: number): Promise<PickupOrderView> {
    const { rows } = await this.sql.query<{ doc: PickupOrderView }>(
      'select doc from pickup_orders_view where pickup_id = $1 and account_id = $2 and mode = $3',
      [pickupId, tenant.accountId, tenant.mode],
    );
    if (!rows[0]) throw new NotFound(PICKUP_NOT_FOUND_MESSAGE);
    return rows[0].doc;
  }
}
