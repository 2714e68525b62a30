import type { Logger } from '@nestjs/common';
import type { KeyMode } from '@shipping/contracts';
import type { EventStore, RecordedEvent, SqlClient, Subscription } from '@shipping/event-store';
import type { PublishedMessage } from '@shipping/messaging';
import { consecutiveRuns } from '../batching/consecutive-runs';
import { startStoredSubscription } from '../subscriptions/stored-subscription';
import { CLOUD_EVENT_CONTENT_TYPE, toCloudEvent } from './cloud-event';
import { type PublishedCategory, publicTopic } from './published-categories';
import { publishedTraceHeaders } from './published-trace';
import { StreamKeyModes } from './stream-key-modes';

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
 * Bytes of message values a send carries at most: the broker refuses a request over its
 * message.max.bytes (1 MB by default), and the largest event, a BatchCreated or BatchItemsAdded,
 * carries at most 512 KB of items.
 */
export const MAX_SEND_BYTES = 512 * 1024;

/**
 * One stored subscription per published category, producing each event as a CloudEvent keyed by
 * its aggregate id, its data with the key mode of its stream, its headers with the trace it
 * continues. The events a page of $all holds go out in as few sends as fit, one after
 * another and in order, so one aggregate's events reach its partition in stream order. The
 * checkpoint moves only after every send of the page was acknowledged: a crash or a broker outage
 * sends the unacknowledged events again (at least once; consumers dedupe by id).
 */
export async function startPublicEventRelay(options: PublicEventRelayOptions): Promise<Subscription[]> {
  const { sql, store, publisher, logger } = options;
  const keyModes = new StreamKeyModes(store);
  return Promise.all(
    options.categories.map((category) =>
      startStoredSubscription(sql, store, {
        name: `public-events.${category.context}`,
        streamNamePrefixes: [category.streamPrefix],
        logger,
        onEvents: async (events) => {
          const messages: PublishedMessage[] = [];
          for (const event of events.filter((each) => category.types.includes(each.type)))
            messages.push(toMessage(category, event, await keyModes.of(event)));
          for (const send of bySize(messages, MAX_SEND_BYTES))
            await publisher.publish(publicTopic(category), send);
        },
      }),
    ),
  );
}

function toMessage(category: PublishedCategory, event: RecordedEvent, keyMode: KeyMode): PublishedMessage {
  const cloudEvent = toCloudEvent(category, event, keyMode);
  return {
    key: cloudEvent.subject,
    value: JSON.stringify(cloudEvent),
    headers: {
      'content-type': CLOUD_EVENT_CONTENT_TYPE,
      ...publishedTraceHeaders(publicTopic(category), event),
    },
  };
}

/** Consecutive runs of messages whose values add up to at most `maxBytes`; a bigger one goes alone. */
export function bySize(messages: PublishedMessage[], maxBytes: number): PublishedMessage[][] {
  return consecutiveRuns(messages, (message) => Buffer.byteLength(message.value), maxBytes);
}
