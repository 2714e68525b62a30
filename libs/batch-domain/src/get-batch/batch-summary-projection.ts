import type { KeyMode } from '@shipping/contracts-core';
import type { BatchEvent, BatchEventType } from '../batches/batch-events';
import type { BatchStatus } from '../batches/batch-state';
import { type BatchCounts, NO_ITEMS } from '../results/batch-results';

/**
 * The batch row of the get-batch read model; `batchResults(row.counts)` gives its results. A batch
 * still `creating` (its items not all recorded) is kept from readers.
 */
export interface BatchSummaryRow {
  id: string;
  account_id: string;
  /** The mode of the key that created the batch: only keys of that mode see it (decision 101). */
  mode: KeyMode;
  status: Exclude<BatchStatus, 'none'>;
  default_service: string;
  /** The shipper's hash id. */
  default_shipper_id: string;
  counts: BatchCounts;
  /** Keys of the merged label files in file order; empty until the labels are merged. */
  label_keys: string[];
  created_at: string;
}

export const BATCH_SUMMARY_HANDLES: readonly BatchEventType[] = [
  'BatchCreated',
  'BatchItemsAdded',
  'ItemValidated',
  'ItemInvalidated',
  'BatchValidated',
  'BatchShipped',
  'ItemCompleted',
  'ItemFailed',
  'LabelFilesMerged',
  'BatchCompleted',
];

const counted = (row: BatchSummaryRow, change: Partial<BatchCounts>): BatchSummaryRow => ({
  ...row,
  counts: { ...row.counts, ...change },
});

/**
 * Pure projection: the batch row after one event of its stream, applied exactly once and in
 * stream order (the item counters are increments). The batch-level events carry their counts,
 * so the row is exact again after each of them.
 */
export function projectBatchSummary(
  current: BatchSummaryRow | undefined,
  event: BatchEvent,
): BatchSummaryRow {
  if (event.type === 'BatchCreated') {
    const { batch_id, account_id, key_mode, service, shipper_hash_id, items, item_count, at } = event.data;
    return {
      id: batch_id,
      account_id,
      mode: key_mode,
      status: items.length >= item_count ? 'validating' : 'creating',
      default_service: service,
      default_shipper_id: shipper_hash_id,
      counts: { ...NO_ITEMS, total: item_count },
      label_keys: [],
      created_at: at,
    };
  }
  if (!current) throw new Error(`${event.type} of batch ${event.data.batch_id} before its BatchCreated`);
  const { counts } = current;
  switch (event.type) {
    case 'BatchItemsAdded':
      return current.status === 'creating' && event.data.submitted_count >= counts.total
        ? { ...current, status: 'validating' }
        : current;
    case 'ItemValidated':
      return counted(current, { valid: counts.valid + 1 });
    case 'ItemInvalidated':
      return counted(current, { invalid: counts.invalid + 1 });
    case 'BatchValidated':
      return counted(
        { ...current, status: event.data.status },
        { valid: event.data.valid_count, invalid: event.data.invalid_count },
      );
    case 'BatchShipped':
      return counted({ ...current, status: 'processing' }, { shipped: event.data.item_ids.length });
    case 'ItemCompleted':
      return counted(current, { valid: counts.valid - 1, completed: counts.completed + 1 });
    case 'ItemFailed':
      return counted(current, { valid: counts.valid - 1, failed: counts.failed + 1 });
    case 'LabelFilesMerged':
      return {
        ...current,
        label_keys: [...event.data.files].sort((a, b) => a.file - b.file).map((file) => file.key),
      };
    case 'BatchCompleted':
      return counted(
        { ...current, status: 'completed' },
        { completed: event.data.completed_count, failed: event.data.failed_count },
      );
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled batch event ${JSON.stringify(unknown)}`);
    }
  }
}
