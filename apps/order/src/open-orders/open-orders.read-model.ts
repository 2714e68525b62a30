import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { PageRequest } from '@shipping/contracts';
import {
  type EventStore,
  type RecordedEvent,
  schemaReady,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import { type OpenOrder, ORDER_STREAM_PREFIX } from '@shipping/order-domain';
import { EVENT_STORE, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { projectOpenOrderRow } from './open-orders.projection';

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
    await schemaReady(this.sql, ORDER_MIGRATIONS);
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

  apply(event: RecordedEvent): Promise<void> {
    return projectOpenOrderRow(this.sql, event);
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
