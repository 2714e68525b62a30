import { type BatchCommand, batchDecider, type BatchState, batchStreamName } from '@shipping/batch-domain';
import type { EventStore } from '@shipping/event-store';
import { foldStream, type KnownState } from '@shipping/platform/commands';

/** The batch's state as of its last event; a batch this process handled lately is read from that point on. */
export function loadBatchWithRevision(store: EventStore, batchId: string): Promise<KnownState<BatchState>> {
  return foldStream(store, batchStreamName(batchId), batchDecider);
}

export async function loadBatch(store: EventStore, batchId: string): Promise<BatchState> {
  return (await loadBatchWithRevision(store, batchId)).state;
}

export type { BatchCommand };
