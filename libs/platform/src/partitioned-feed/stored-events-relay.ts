import type { Logger } from '@nestjs/common';
import type { EventStore, SqlClient, Subscription } from '@shipping/event-store';
import { type EventPublisher, bySize, MAX_SEND_BYTES } from '../public-events/public-event-relay';
import { startStoredSubscription } from '../subscriptions/stored-subscription';
import { toStoredEventMessage } from './stored-event-message';

export interface StoredEventsRelayOptions {
  sql: SqlClient;
  store: EventStore;
  publisher: EventPublisher;
  topic: string;
  /** The stream categories the app's subscribers follow: the events worth sending. */
  streamNamePrefixes: string[];
  logger: Logger;
}

export const STORED_EVENTS_RELAY = 'stored-events-relay';

/**
 * Sends every event of the app's store to its `stored-events` topic in $all order, keyed by
 * stream, in as few sends as fit, one after another; the checkpoint moves only after the broker
 * acknowledged, so a crash or an outage sends events again (at least once) but never skips one.
 * A broker that is away is waited for however long it takes: nothing is parked here.
 */
export function startStoredEventsRelay(options: StoredEventsRelayOptions): Promise<Subscription> {
  const { publisher, topic } = options;
  return startStoredSubscription(options.sql, options.store, {
    name: STORED_EVENTS_RELAY,
    streamNamePrefixes: options.streamNamePrefixes,
    logger: options.logger,
    maxAttempts: Number.POSITIVE_INFINITY,
    onEvents: async (events) => {
      for (const send of bySize(events.map(toStoredEventMessage), MAX_SEND_BYTES))
        await publisher.publish(topic, send);
    },
  });
}
