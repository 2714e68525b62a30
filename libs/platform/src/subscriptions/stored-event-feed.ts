import { Logger } from '@nestjs/common';
import { metrics } from '../observability/metrics';
import type { EventStore, Position, SqlClient, Subscription } from '@shipping/event-store';
import type { DomainEvent } from '../commands/handle-command';
import { type EventFeed, type EventSubscriber, isFor, type SubscriberSpec } from './event-subscriber';
import { startStoredSubscription, type StoredSubscriptionOptions } from './stored-subscription';

type Tuning = Partial<Pick<StoredSubscriptionOptions, 'retryDelayMs' | 'maxRetryDelayMs' | 'maxAttempts'>>;

const RESTART_DELAY_MS = 1_000;

/**
 * Each subscriber follows the store's $all from a checkpoint of its own, in this process: the
 * feed of the embedded runtime, where one process runs every app (decision 62).
 */
export class StoredEventFeed implements EventFeed {
  constructor(
    private readonly sql: SqlClient,
    private readonly store: EventStore,
    private readonly tuning: Tuning = {},
  ) {}

  start<E extends DomainEvent>(
    spec: SubscriberSpec<E>,
    subscriber: EventSubscriber<E>,
  ): Promise<Subscription> {
    const logger = new Logger(subscriber.constructor.name);
    if (spec.scope === 'every-instance') return followFromNow(this.store, spec, subscriber, logger);
    return startStoredSubscription(this.sql, this.store, {
      ...this.tuning,
      name: spec.name,
      streamNamePrefixes: [...spec.streamPrefixes],
      logger,
      onEvent: async (event) => {
        if (!isFor(spec, event)) return;
        await subscriber.handle(event);
        metrics.subscriberEvents.inc({ subscription: spec.name });
      },
    });
  }
}

/**
 * The events appended from now on, with no checkpoint: what keeps a process's memory up to date.
 * A failing handler is logged and passed over (memory it keeps has its own bound), and a failed
 * subscription starts again from the last event it saw.
 */
async function followFromNow<E extends DomainEvent>(
  store: EventStore,
  spec: SubscriberSpec<E>,
  subscriber: EventSubscriber<E>,
  logger: Logger,
): Promise<Subscription> {
  let after: Position | undefined = (await store.readAll({ direction: 'backwards', maxCount: 1 }))[0]
    ?.position;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const subscribe = (): Subscription =>
    store.subscribeToAll(
      {
        onEvent: async (event) => {
          after = event.position;
          if (!isFor(spec, event)) return;
          await subscriber
            .handle(event)
            .catch((error: unknown) =>
              logger.error({ err: error, eventId: event.id }, `${spec.name} could not handle an event`),
            );
        },
        onError: (error) => {
          if (stopped) return;
          logger.error({ err: error }, `${spec.name} failed; it follows the store again in a moment`);
          retry = setTimeout(() => (current = subscribe()), RESTART_DELAY_MS);
        },
      },
      { after, streamNamePrefixes: [...spec.streamPrefixes] },
    );
  let current = subscribe();
  return {
    caughtUp: current.caughtUp,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await current.stop();
    },
  };
}
