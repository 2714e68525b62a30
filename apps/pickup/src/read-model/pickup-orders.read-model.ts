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
import { PICKUP_STREAM_PREFIX, type PickupOrderView } from '@shipping/pickup-domain';
import { EVENT_STORE, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';
import { projectPickupOrder } from './pickup-orders.projection';

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
    await schemaReady(this.sql, PICKUP_MIGRATIONS);
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

  apply(event: RecordedEvent): Promise<void> {
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
