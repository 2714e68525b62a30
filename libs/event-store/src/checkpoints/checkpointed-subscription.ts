import {
  type EventHandling,
  type EventStore,
  handlingShapedLike,
  deliverEvents,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../event-store';
import type { CheckpointStore } from './checkpoint-store';

export type CheckpointedSubscriptionOptions = EventHandling & {
  store: EventStore;
  checkpoints: CheckpointStore;
  /** The checkpoint's key: one per subscriber, stable across restarts. */
  name: string;
  streamNamePrefixes?: string[];
  onError?(error: unknown): void;
  /** The checkpoint is stored after this many handled events... */
  checkpointEvery?: number;
  /** ...or once this long has passed since the last store, whichever comes first; and on stop. */
  checkpointIntervalMs?: number;
};

/**
 * Subscribes to $all after the stored checkpoint and moves the checkpoint after handled events.
 * At-least-once: the handler runs before the checkpoint is stored, so a crash (or a failed
 * checkpoint write) hands the events since the last stored checkpoint over again after a restart.
 * Handlers must be idempotent (dedupe by event id, or apply only newer stream revisions). Storing
 * the checkpoint every few events rather than after each keeps a 1,000-event burst from costing
 * 1,000 extra writes, at the price of redelivering at most that many events after a crash.
 */
export async function startCheckpointedSubscription(
  options: CheckpointedSubscriptionOptions,
): Promise<Subscription> {
  const { store, checkpoints, name, onError } = options;
  const every = options.checkpointEvery ?? 100;
  const intervalMs = options.checkpointIntervalMs ?? 250;
  let pending: Position | undefined;
  let unstored = 0;
  let storedAt = Date.now();
  const flush = async () => {
    if (!pending) return;
    const position = pending;
    pending = undefined;
    unstored = 0;
    storedAt = Date.now();
    await checkpoints.store(name, position);
  };
  const handled = async (events: RecordedEvent[]) => {
    try {
      await deliverEvents(options, events);
    } catch (error) {
      // What was handled before the failure is done: only the failed event (or list) comes again.
      await flush();
      throw error;
    }
    pending = events[events.length - 1].position;
    unstored += events.length;
    if (unstored >= every || Date.now() - storedAt >= intervalMs) await flush();
  };
  const inner = store.subscribeToAll(
    { ...handlingShapedLike(options, handled), onError },
    { after: await checkpoints.load(name), streamNamePrefixes: options.streamNamePrefixes },
  );
  const caughtUp = inner.caughtUp.then(flush);
  // Callers that never await caughtUp must not see an unhandled rejection when the subscription fails.
  caughtUp.catch(() => undefined);
  return {
    caughtUp,
    stop: async () => {
      await inner.stop();
      await flush();
    },
  };
}
