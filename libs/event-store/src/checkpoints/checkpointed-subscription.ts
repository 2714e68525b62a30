import type { EventStore, RecordedEvent, Subscription } from '../event-store';
import type { CheckpointStore } from './checkpoint-store';

export interface CheckpointedSubscriptionOptions {
  store: EventStore;
  checkpoints: CheckpointStore;
  /** The checkpoint's key: one per subscriber, stable across restarts. */
  name: string;
  streamNamePrefixes?: string[];
  onEvent(event: RecordedEvent): Promise<void>;
  onError?(error: unknown): void;
}

/**
 * Subscribes to $all after the stored checkpoint and moves the checkpoint after each handled
 * event. At-least-once: the handler runs before the checkpoint is stored, so a crash in between
 * (or a failed checkpoint write) hands the same event over again after a restart. Handlers must
 * be idempotent (dedupe by event id, or apply only newer stream revisions).
 */
export async function startCheckpointedSubscription(
  options: CheckpointedSubscriptionOptions,
): Promise<Subscription> {
  const { store, checkpoints, name, onEvent, onError } = options;
  const after = await checkpoints.load(name);
  return store.subscribeToAll(
    {
      async onEvent(event) {
        await onEvent(event);
        await checkpoints.store(name, event.position);
      },
      onError,
    },
    { after, streamNamePrefixes: options.streamNamePrefixes },
  );
}
