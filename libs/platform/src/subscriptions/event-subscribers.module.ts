import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { EventStore, SqlClient, Upcasters } from '@shipping/event-store';
import {
  type FeedTuning,
  KafkaEventFeed,
  type PartitionedFeedOptions,
} from '../partitioned-feed/kafka-event-feed';
import { RELAYS_OPTIONS, type RelaysOptions, StoreRelays } from '../partitioned-feed/store-relays';
import { EVENT_UPCASTERS } from '../storage/event-upcasters';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { EVENT_FEED, EventSubscribersHost } from './event-subscribers-host';
import { StoredEventFeed } from './stored-event-feed';

export interface EventSubscribersOptions {
  /**
   * Events through Kafka consumer groups, from the relay the app's elected leader runs, which also
   * publishes the app's public events (the distributed runtime). Without it each subscriber follows
   * the store itself (the embedded runtime).
   */
  partitioned?: RelaysOptions;
  tuning?: FeedTuning;
}

/** The feed subscribers get their events from, and the host that starts them (decision 62). */
@Module({})
export class EventSubscribersModule {
  static forRoot(options: EventSubscribersOptions = {}): DynamicModule {
    const { partitioned, tuning } = options;
    const feed: Provider = partitioned
      ? {
          provide: EVENT_FEED,
          inject: [SQL_CLIENT, EVENT_UPCASTERS],
          useFactory: (sql: SqlClient, upcasters: Upcasters) =>
            new KafkaEventFeed(sql, upcasters, partitioned as PartitionedFeedOptions, tuning),
        }
      : {
          provide: EVENT_FEED,
          inject: [SQL_CLIENT, EVENT_STORE],
          useFactory: (sql: SqlClient, store: EventStore) => new StoredEventFeed(sql, store, tuning),
        };
    return {
      module: EventSubscribersModule,
      global: true,
      imports: [DiscoveryModule],
      providers: [
        feed,
        EventSubscribersHost,
        ...(partitioned ? [{ provide: RELAYS_OPTIONS, useValue: partitioned }, StoreRelays] : []),
      ],
      exports: [EVENT_FEED, EventSubscribersHost],
    };
  }
}
