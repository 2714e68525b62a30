import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PageRequest } from '@shipping/contracts';
import {
  type EventStore,
  type RecordedEvent,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import { isPickupEvent, PICKUP_STREAM_PREFIX, pickupOrderView, type PickupOrderView } from '@shipping/pickup-domain';
import { EVENT_STORE, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';
import { readableService } from '../pickups/pickup-commands';

const SCHEMA = `
create table if not exists pickup_orders_view (
  pickup_id bigint primary key,
  account_id text not null,
  created_at timestamptz not null,
  last_revision bigint not null,
  doc json not null
);
create index if not exists pickup_orders_view_newest on pickup_orders_view (account_id, created_at desc, pickup_id desc);
`;

/** The pickup-orders page: one row per pickup order, projected from `pickup-*` streams (at-least-once). */
@Injectable()
export class PickupOrdersReadModel implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PickupOrdersReadModel.name);
  private subscription?: Subscription;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sql.exec(SCHEMA);
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: 'pickup.orders-view',
      streamNamePrefixes: [PICKUP_STREAM_PREFIX],
      onEvent: (event) => this.apply(event),
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  async apply(event: RecordedEvent): Promise<void> {
    if (!isPickupEvent(event)) return;
    const { pickup_id, account_id, pickup, at } = event.data;
    const doc = pickupOrderView(pickup_id, pickup, readableService);
    // Only a newer revision of the stream moves a row; a redelivered event changes nothing.
    await this.sql.query(
      `insert into pickup_orders_view (pickup_id, account_id, created_at, last_revision, doc) values ($1, $2, $3, $4, $5)
       on conflict (pickup_id) do update set last_revision = excluded.last_revision, doc = excluded.doc
       where pickup_orders_view.last_revision < excluded.last_revision`,
      [pickup_id, account_id, at, event.revision.toString(), JSON.stringify(doc)],
    );
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
