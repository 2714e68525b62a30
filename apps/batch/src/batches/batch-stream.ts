import {
  type BatchCommand,
  type BatchState,
  batchStreamName,
  decideBatch,
  evolveBatch,
  initialBatchState,
} from '@shipping/batch-domain';
import type { EventStore } from '@shipping/event-store';
import { foldStream, type KnownState } from '@shipping/platform';

export const batchDecider = { decide: decideBatch, evolve: evolveBatch, initialState: initialBatchState };

/** The batch's state as of its last event; a batch this process handled lately is read from that point on. */
export function loadBatchWithRevision(store: EventStore, batchId: string): Promise<KnownState<BatchState>> {
  return foldStream(store, batchStreamName(batchId), batchDecider);
}

export async function loadBatch(store: EventStore, batchId: string): Promise<BatchState> {
  return (await loadBatchWithRevision(store, batchId)).state;
}

export type { BatchCommand };
