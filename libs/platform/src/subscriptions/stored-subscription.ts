import type { Logger } from '@nestjs/common';
import {
  type EventStore,
  type RecordedEvent,
  SqlCheckpointStore,
  type SqlClient,
  startCheckpointedSubscription,
  type Subscription,
} from '@shipping/event-store';

export interface StoredSubscriptionOptions {
  /** The checkpoint's key, stable across restarts. */
  name: string;
  streamNamePrefixes: string[];
  onEvent(event: RecordedEvent): Promise<void>;
  logger: Logger;
}

/**
 * A subscription to $all whose checkpoint lives in the app's own SQL store: what every projection
 * and process manager of an app starts with. At-least-once, so `onEvent` must be idempotent.
 */
export async function startStoredSubscription(
  sql: SqlClient,
  store: EventStore,
  options: StoredSubscriptionOptions,
): Promise<Subscription> {
  const checkpoints = new SqlCheckpointStore(sql);
  await checkpoints.init();
  return startCheckpointedSubscription({
    store,
    checkpoints,
    name: options.name,
    streamNamePrefixes: options.streamNamePrefixes,
    onEvent: options.onEvent,
    onError: (error) => options.logger.error({ err: error }, `subscription ${options.name} stopped`),
  });
}
