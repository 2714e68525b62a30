import {
  type BatchCommand,
  type BatchState,
  batchStreamName,
  decideBatch,
  evolveBatch,
  initialBatchState,
  isBatchEvent,
} from '@shipping/batch-domain';
import type { EventStore } from '@shipping/event-store';

export const batchDecider = { decide: decideBatch, evolve: evolveBatch, initialState: initialBatchState };

export async function loadBatchWithRevision(store: EventStore, batchId: string): Promise<{ state: BatchState; revision: bigint | undefined }> {
  const events = await store.readStream(batchStreamName(batchId));
  const state = events.reduce((current, event) => (isBatchEvent(event) ? evolveBatch(current, event) : current), initialBatchState);
  return { state, revision: events.at(-1)?.revision };
}

export async function loadBatch(store: EventStore, batchId: string): Promise<BatchState> {
  return (await loadBatchWithRevision(store, batchId)).state;
}

export type { BatchCommand };
