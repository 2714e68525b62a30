import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { PageRequest } from '@shipping/contracts';
import {
  type EventStore,
  type RecordedEvent,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import { isOrderEvent, type OpenOrder, ORDER_STREAM_PREFIX, projectOpenOrder } from '@shipping/order-domain';
import { EVENT_STORE, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';

const SCHEMA = `
create table if not exists order_open_orders (
  shipment_order_id bigint primary key,
  account_id text not null,
  created_at timestamptz not null,
  last_revision bigint not null,
  doc json not null
);
create index if not exists order_open_orders_newest on order_open_orders (account_id, created_at desc, shipment_order_id desc);
`;

export const OPEN_ORDERS_SUBSCRIPTION = 'order.open-orders';

/**
 * The open-orders page's read model: a projection of `order-*` streams into one row per order.
 * Delivery is at-least-once, so a row only moves forward on a newer stream revision.
 */
@Injectable()
export class OpenOrdersReadModel implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OpenOrdersReadModel.name);
  private subscription?: Subscription;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sql.exec(SCHEMA);
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: OPEN_ORDERS_SUBSCRIPTION,
      streamNamePrefixes: [ORDER_STREAM_PREFIX],
      onEvent: (event) => this.apply(event),
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  async apply(event: RecordedEvent): Promise<void> {
    if (!isOrderEvent(event)) return;
    const id = event.data.shipment_order_id;
    await this.sql.transaction(async (tx) => {
      const { rows } = await tx.query<{ doc: OpenOrder; last_revision: string | number }>(
        'select doc, last_revision from order_open_orders where shipment_order_id = $1 for update',
        [id],
      );
      if (rows[0] && BigInt(rows[0].last_revision) >= event.revision) return;
      const doc = projectOpenOrder(rows[0]?.doc, event);
      await tx.query(
        `insert into order_open_orders (shipment_order_id, account_id, created_at, last_revision, doc)
         values ($1, $2, $3, $4, $5)
         on conflict (shipment_order_id) do update set last_revision = excluded.last_revision, doc = excluded.doc`,
        [id, doc.account_id, doc.created_at, event.revision.toString(), JSON.stringify(doc)],
      );
    });
  }

  /** Newest first; one row more than the page to tell whether a next page exists. */
  async list(accountId: string, page: PageRequest): Promise<OpenOrder[]> {
    const { rows } = await this.sql.query<{ doc: OpenOrder }>(
      `select doc from order_open_orders where account_id = $1
       order by created_at desc, shipment_order_id desc limit $2 offset $3`,
      [accountId, page.per_page + 1, (page.page - 1) * page.per_page],
    );
    return rows.map((row) => row.doc);
  }
}
