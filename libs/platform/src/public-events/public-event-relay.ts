import type { Logger } from '@nestjs/common';
import type { EventStore, SqlClient, Subscription } from '@shipping/event-store';
import type { PublishedMessage } from '@shipping/messaging';
import { startStoredSubscription } from '../subscriptions/stored-subscription';
import { CLOUD_EVENT_CONTENT_TYPE, toCloudEvent } from './cloud-event';
import { type PublishedCategory, publicTopic } from './published-categories';

export interface EventPublisher {
  publish(topic: string, messages: PublishedMessage[]): Promise<void>;
}

export interface PublicEventRelayOptions {
  sql: SqlClient;
  store: EventStore;
  publisher: EventPublisher;
  categories: readonly PublishedCategory[];
  logger: Logger;
}

/**
 * One stored subscription per published category, producing each event as a CloudEvent keyed by
 * its aggregate id. The checkpoint moves only after `publish` resolved, that is after the broker
 * acknowledged: a crash or a broker outage sends the unacknowledged events again (at least once,
 * consumers dedupe by id). Events are sent one at a time in $all order, so one aggregate's events
 * reach its partition in stream order.
 */
export async function startPublicEventRelay(options: PublicEventRelayOptions): Promise<Subscription[]> {
  const { sql, store, publisher, logger } = options;
  return Promise.all(
    options.categories.map((category) =>
      startStoredSubscription(sql, store, {
        name: `public-events.${category.context}`,
        streamNamePrefixes: [category.streamPrefix],
        logger,
        onEvent: async (event) => {
          if (!category.types.includes(event.type)) return;
          const cloudEvent = toCloudEvent(category, event);
          await publisher.publish(publicTopic(category), [
            { key: cloudEvent.subject, value: JSON.stringify(cloudEvent), headers: { 'content-type': CLOUD_EVENT_CONTENT_TYPE } },
          ]);
        },
      }),
    ),
  );
}
