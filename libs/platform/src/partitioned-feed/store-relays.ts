import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { EventStore, SqlClient, Subscription } from '@shipping/event-store';
import { KafkaEventPublisher } from '@shipping/messaging';
import { startPublicEventRelay } from '../public-events/public-event-relay';
import type { PublishedCategory } from '../public-events/published-categories';
import { metrics } from '../observability/metrics';
import { EventSubscribersHost } from '../subscriptions/event-subscribers-host';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import type { PartitionedFeedOptions } from './kafka-event-feed';
import { Leadership } from './leadership';
import { assertSessionLocksHold } from './session-locks';
import { startStoredEventsRelay } from './stored-events-relay';
import { storedEventsTopic } from './stored-event-message';

export interface RelaysOptions extends PartitionedFeedOptions {
  /** The public events this app publishes for other teams. */
  categories: readonly PublishedCategory[];
}

export const RELAYS_OPTIONS = Symbol('RELAYS_OPTIONS');

/**
 * The jobs that must run once per app, not once per instance: the relay of every stored event to
 * the app's `stored-events` topic, and the public-event relays. The instance that holds the app's
 * leader lock runs them (Leadership); when it dies another takes over from the relays' checkpoints.
 */
@Injectable()
export class StoreRelays implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(StoreRelays.name);
  private readonly publisher: KafkaEventPublisher;
  private leadership?: Leadership;

  constructor(
    @Inject(RELAYS_OPTIONS) private readonly options: RelaysOptions,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly host: EventSubscribersHost,
  ) {
    this.publisher = new KafkaEventPublisher({
      ...options.kafka,
      clientId: `shipping.${options.app}.relays`,
      partitions: options.partitions,
    });
  }

  /** Whether this instance runs the relays now. */
  get leads(): boolean {
    return this.leadership?.isLeader ?? false;
  }

  /** Refuses to start where the leader's session lock would not hold (a pooler in transaction mode). */
  async onApplicationBootstrap(): Promise<void> {
    const prefixes = this.host.streamPrefixes();
    const { categories } = this.options;
    if (prefixes.length === 0 && categories.length === 0) return;
    await assertSessionLocksHold(this.sql);
    this.leadership = new Leadership(
      this.sql,
      `shipping.${this.options.app}.relays`,
      () => this.startRelays(prefixes),
      this.logger,
    );
    this.leadership.start();
  }

  /**
   * The producer closes at once: a send stuck on an unreachable broker then fails instead of
   * holding the stop, and its events stay after the checkpoint for the next leader.
   */
  async onModuleDestroy(): Promise<void> {
    const stopping = this.leadership?.stop();
    await this.publisher.close();
    await stopping;
  }

  private async startRelays(prefixes: string[]): Promise<() => Promise<void>> {
    const { sql, store, publisher, logger } = this;
    const started: Subscription[] = [];
    const stop = async () => {
      metrics.relaysLed.set(0);
      await Promise.all(started.map((subscription) => subscription.stop()));
    };
    metrics.relaysLed.set(1);
    try {
      if (prefixes.length > 0) {
        const topic = storedEventsTopic(this.options.app);
        started.push(
          await startStoredEventsRelay({
            sql,
            store,
            publisher,
            topic,
            streamNamePrefixes: prefixes,
            logger,
          }),
        );
      }
      const categories = this.options.categories;
      started.push(...(await startPublicEventRelay({ sql, store, publisher, categories, logger })));
    } catch (error) {
      await stop();
      throw error;
    }
    return stop;
  }
}
