import type { BatchResults } from '@shipping/contracts-core';
import type { BatchState } from '../batches/batch-state';

/**
 * How many items are in each status now. An item counts once, under its current status, so each
 * count equals the number of items the get-batch `status` filter lists: a valid item that ships
 * and completes moves from `valid` to `completed`. Items still awaiting validation count in
 * `total` only. `shipped` is the number of items the batch shipped (0 before shipping).
 */
export interface BatchCounts {
  total: number;
  valid: number;
  invalid: number;
  completed: number;
  failed: number;
  shipped: number;
}

export const NO_ITEMS: BatchCounts = { total: 0, valid: 0, invalid: 0, completed: 0, failed: 0, shipped: 0 };

export function batchCounts(state: BatchState): BatchCounts {
  if (state.status === 'none') return NO_ITEMS;
  const counts = { ...NO_ITEMS, total: state.items.length };
  for (const item of state.items) {
    if (item.status !== 'pending') counts[item.status] += 1;
  }
  const shipped =
    state.status === 'processing' || state.status === 'completed' ? state.shippedItemIds.length : 0;
  return { ...counts, shipped };
}

/**
 * The share of shipped items that are finished (completed or failed), in whole percent rounded
 * down, so "100%" means every shipped item is finished and never more: 1 of 3 is "33%", 2 of 3
 * is "66%". Nothing shipped yet is "0%".
 */
export function completionPercentage(finished: number, shipped: number): string {
  if (shipped <= 0) return '0%';
  return `${Math.floor((Math.min(finished, shipped) * 100) / shipped)}%`;
}

/** The `results` object of the interface, from a batch's state or from counts a read model keeps. */
export function batchResults(source: BatchState | BatchCounts): BatchResults {
  const counts = 'status' in source ? batchCounts(source) : source;
  return {
    total_count: counts.total,
    valid_count: counts.valid,
    invalid_count: counts.invalid,
    completed_count: counts.completed,
    failed_count: counts.failed,
    completion_percentage: completionPercentage(counts.completed + counts.failed, counts.shipped),
  };
}
