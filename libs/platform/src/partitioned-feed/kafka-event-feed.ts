import { Logger } from '@nestjs/common';
import type { RecordedEvent, SqlClient, Subscription, Upcasters } from '@shipping/event-store';
import { type KafkaConnection, startPartitionedConsumer } from '@shipping/messaging';
import { LRUCache } from 'lru-cache';
import { metrics } from '../observability/metrics';
import { watchCatchUp } from '../observability/subscription-progress';
import type { DomainEvent } from '../commands/handle-command';
import {
  type EventFeed,
  type EventSubscriber,
  isFor,
  type Recorded,
  type SubscriberSpec,
} from '../subscriptions/event-subscriber';
import { inTraceOf } from '../subscriptions/event-trace';
import { type ParkingOptions, startParking } from '../subscriptions/parking';
import { fromStoredEventMessage, storedEventsTopic } from './stored-event-message';

export interface PartitionedFeedOptions {
  /** The app whose `stored-events` topic is read; its subscribers' groups are named after it. */
  app: string;
  kafka: KafkaConnection;
  partitions: number;
}

export type FeedTuning = ParkingOptions & { retryDelayMs?: number; maxRetryDelayMs?: number };

/** Streams whose last handled revision an instance remembers, to pass over events it handled already. */
const STREAMS_REMEMBERED = 10_000;

/**
 * Each subscriber is a Kafka consumer group on its app's `stored-events` topic (the relay puts every
 * stored event there, keyed by stream): the group's instances share the partitions, so each
 * stream's events are handled in order by one instance at a time, and adding an instance adds
 * throughput. Offsets are committed after the handler, so delivery is at least once; an event this
 * instance handled already (a relay's repeat after a failover) is passed over, and handlers stay
 * idempotent for the rest (a redelivery after a rebalance). An event a handler keeps failing on is
 * parked as on the store's own feed (decision 36). See decision 62.
 */
export class KafkaEventFeed implements EventFeed {
  constructor(
    private readonly sql: SqlClient,
    /** Those of the event types the app stores (AppEvents), as its store reads them. */
    private readonly upcasters: Upcasters,
    private readonly options: PartitionedFeedOptions,
    private readonly tuning: FeedTuning = {},
  ) {}

  async start<E extends DomainEvent>(
    spec: SubscriberSpec<E>,
    subscriber: EventSubscriber<E>,
  ): Promise<Subscription> {
    const logger = new Logger(subscriber.constructor.name);
    const everyInstance = spec.scope === 'every-instance';
    // Upcast inside the handling, so a parked event keeps the version it was stored as.
    const handleUpcast = (event: RecordedEvent) =>
      subscriber.handle(this.upcasters.upcast(event) as Recorded<E>);
    const parking = everyInstance
      ? undefined
      : await startParking(this.sql, spec.name, { onEvent: handleUpcast }, logger, this.tuning);
    let parkedStreamsStale = false;
    const handledUpTo = new LRUCache<string, bigint>({ max: STREAMS_REMEMBERED });
    const { app } = this.options;
    const consumer = await startPartitionedConsumer({
      ...this.options.kafka,
      clientId: `shipping.${app}.${spec.name}`,
      groupId: `shipping.${app}.${spec.name}`,
      topic: storedEventsTopic(app),
      partitions: this.options.partitions,
      everyInstance,
      logger,
      retryDelayMs: this.tuning.retryDelayMs,
      maxRetryDelayMs: this.tuning.maxRetryDelayMs,
      // Streams another instance parked while it owned the partitions this one gets now.
      onAssigned: () => (parkedStreamsStale = true),
      handle: async (message) => {
        let event: RecordedEvent;
        try {
          event = fromStoredEventMessage(message.value);
        } catch (error) {
          logger.error(
            { err: error, offset: message.offset },
            `${spec.name} passed over a message that is not a stored event`,
          );
          return;
        }
        if (!isFor(spec, event) || (handledUpTo.get(event.streamName) ?? -1n) >= event.revision) return;
        if (parking) {
          if (parkedStreamsStale) {
            parkedStreamsStale = false;
            await parking.reload().catch((error: unknown) => {
              parkedStreamsStale = true;
              throw error;
            });
          }
          await inTraceOf(spec.name, [event], () => parking.handle([event]));
        } else {
          await handleUpcast(event).catch((error: unknown) =>
            logger.error({ err: error, eventId: event.id }, `${spec.name} could not handle an event`),
          );
        }
        handledUpTo.set(event.streamName, event.revision);
        metrics.subscriberEvents.inc({ subscription: spec.name });
      },
    });
    const readiness = watchCatchUp(spec.name, consumer.caughtUp);
    return {
      caughtUp: consumer.caughtUp,
      stop: async () => {
        readiness.stop();
        await consumer.stop();
        await parking?.stop();
      },
    };
  }
}
