import type { BatchStatus } from './api-types';

/** Validating and processing batches move by themselves; a ready one only when someone ships it. */
const POLL_MS: Record<BatchStatus, number | undefined> = {
  validating: 1_000,
  processing: 1_000,
  ready: 5_000,
  invalid: undefined,
  completed: undefined,
};

/** The soonest reload any of the batches needs, or undefined when none can change. */
export function batchPollDelay(statuses: BatchStatus[]): number | undefined {
  const delays = statuses
    .map((status) => POLL_MS[status])
    .filter((delay): delay is number => delay !== undefined);
  return delays.length > 0 ? Math.min(...delays) : undefined;
}

/** Sentences for the live region: each batch whose status moved. */
export function statusChanges(
  before: { id: string; status: BatchStatus }[],
  after: { id: string; status: BatchStatus }[],
): string[] {
  const previous = new Map(before.map((batch) => [batch.id, batch.status]));
  return after
    .filter((batch) => previous.has(batch.id) && previous.get(batch.id) !== batch.status)
    .map((batch) => `Batch ${batch.id} is now ${batch.status}.`);
}
