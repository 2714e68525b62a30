import {
  type DynamicModule,
  Inject,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { EventStore, SqlClient, Subscription } from '@shipping/event-store';
import { KafkaEventPublisher, type KafkaConnection } from '@shipping/messaging';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { type PublishedCategory } from './published-categories';
import { startPublicEventRelay } from './public-event-relay';

export interface PublicEventsOptions {
  /** Names the Kafka client. */
  app: string;
  kafka: KafkaConnection;
  partitions: number;
  categories: readonly PublishedCategory[];
}

const PUBLIC_EVENTS_OPTIONS = Symbol('PUBLIC_EVENTS_OPTIONS');

@Injectable()
class PublicEventRelayRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('PublicEventRelay');
  private readonly publisher: KafkaEventPublisher;
  private subscriptions: Subscription[] = [];

  constructor(
    @Inject(PUBLIC_EVENTS_OPTIONS) private readonly options: PublicEventsOptions,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.publisher = new KafkaEventPublisher({
      ...options.kafka,
      clientId: `shipping.${options.app}.public-events`,
      partitions: options.partitions,
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    this.subscriptions = await startPublicEventRelay({
      sql: this.sql,
      store: this.store,
      publisher: this.publisher,
      categories: this.options.categories,
      logger: this.logger,
    });
  }

  /**
   * Before the store closes (onApplicationShutdown), so the last checkpoints are stored. The
   * producer closes at once: a send stuck on an unreachable broker then fails instead of holding
   * the stop, and its event stays after the checkpoint, to be sent by the next start.
   */
  async onModuleDestroy(): Promise<void> {
    const stopping = this.subscriptions.map((subscription) => subscription.stop());
    await this.publisher.close();
    await Promise.all(stopping);
  }
}

/** Publishes the events of `categories` from this process's store to Kafka (see docs/events). */
@Module({})
export class PublicEventsModule {
  static forRoot(options: PublicEventsOptions): DynamicModule {
    if (options.categories.length === 0) return { module: PublicEventsModule };
    return {
      module: PublicEventsModule,
      providers: [{ provide: PUBLIC_EVENTS_OPTIONS, useValue: options }, PublicEventRelayRunner],
    };
  }
}
