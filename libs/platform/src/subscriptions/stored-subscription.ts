import type { Logger } from '@nestjs/common';
import {
  type EventHandling,
  type EventStore,
  handlingShapedLike,
  type RecordedEvent,
  SqlCheckpointStore,
  type SqlClient,
  startCheckpointedSubscription,
  type Subscription,
} from '@shipping/event-store';
import { inTraceOf } from './event-trace';
import { type ParkingOptions, startParking } from './parking';
import { watchSubscription } from '../observability/subscription-progress';

export type StoredSubscriptionOptions = EventHandling & {
  /** The checkpoint's key, stable across restarts. */
  name: string;
  streamNamePrefixes: string[];
  logger: Logger;
  /** First wait before a failed subscription starts again; doubles up to `maxRetryDelayMs`. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
} & ParkingOptions;

/**
 * A subscription to $all whose checkpoint lives in the app's own SQL store: what every projection
 * and process manager of an app starts with. At-least-once, so `onEvent` must be idempotent.
 * A handler that fails (a store or another app not answering) does not end the work for good:
 * the subscription starts again from its checkpoint after a growing delay, so the failed event
 * is handed over again, up to `maxAttempts` times; then it is parked (EventParking) and the
 * subscription moves on.
 */
export async function startStoredSubscription(
  sql: SqlClient,
  store: EventStore,
  options: StoredSubscriptionOptions,
): Promise<Subscription> {
  const checkpoints = new SqlCheckpointStore(sql);
  await checkpoints.init();
  const parking = await startParking(sql, options.name, options, options.logger, options);
  const progress = watchSubscription(
    options.name,
    store,
    options.streamNamePrefixes,
    await checkpoints.load(options.name),
  );
  const firstDelay = options.retryDelayMs ?? 1_000;
  const maxDelay = options.maxRetryDelayMs ?? 30_000;
  let current: Subscription | undefined;
  let stopped = false;
  let delay = firstDelay;
  let retry: NodeJS.Timeout | undefined;

  const handled = async (events: RecordedEvent[]) => {
    await inTraceOf(options.name, events, () => parking.handle(events));
    progress.handled(events[events.length - 1].position);
    delay = firstDelay;
  };
  /**
   * A start that fails (the store not answering yet) is tried again like a failed subscription,
   * so the subscription never ends for good; one started after `stop` is stopped at once.
   */
  const startAgainLater = (error: unknown, message: string) => {
    if (stopped) return;
    options.logger.error({ err: error, retryInMs: delay }, `subscription ${options.name} ${message}`);
    retry = setTimeout(() => {
      retry = undefined;
      if (stopped) return;
      start().then(
        (next) => {
          if (stopped) void next.stop().catch(() => undefined);
          else current = next;
        },
        (startError: unknown) => startAgainLater(startError, 'could not start again; it tries again'),
      );
    }, delay);
    delay = Math.min(delay * 2, maxDelay);
  };
  const start = async (): Promise<Subscription> => {
    const started = await startCheckpointedSubscription({
      store,
      checkpoints,
      name: options.name,
      streamNamePrefixes: options.streamNamePrefixes,
      ...handlingShapedLike(options, handled),
      onError: (error) => startAgainLater(error, 'failed; it starts again from its checkpoint'),
    });
    started.caughtUp.then(progress.caughtUp, () => undefined);
    return started;
  };

  current = await start();
  const first = current;
  return {
    caughtUp: first.caughtUp,
    stop: async () => {
      stopped = true;
      progress.stop();
      clearTimeout(retry);
      await parking.stop();
      await current?.stop();
    },
  };
}
