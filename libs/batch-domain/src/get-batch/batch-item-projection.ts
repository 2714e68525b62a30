import type { BatchItemStatus, FieldErrors } from '@shipping/contracts-core';
import type { BatchEvent, BatchEventType } from '../batches/batch-events';

/** One item row of the get-batch read model, keyed by (batch_id, item_id), listed by index. */
export interface BatchItemRow {
  batch_id: string;
  item_id: string;
  index: number;
  status: BatchItemStatus;
  /** Validation messages by field path when invalid; null otherwise. */
  errors: FieldErrors | null;
  /** When completed; null otherwise. */
  main_tracking_number: string | null;
}

/** An item row with the stream revision of the event that wrote it: a row never moves back in revision. */
export interface RevisedBatchItemRow extends BatchItemRow {
  revision: bigint;
}

export const BATCH_ITEMS_HANDLES: readonly BatchEventType[] = [
  'ItemValidated',
  'ItemInvalidated',
  'ItemCompleted',
  'ItemFailed',
];

/**
 * Pure projection: the item row an event writes, with that event's stream revision, replacing the
 * row of the same (batch_id, item_id), so applying an event twice changes nothing; undefined for an
 * event that writes none. An item appears once it is validated: the interface's item statuses are
 * valid, invalid, completed and failed, and an item awaiting validation has none of them, so
 * BatchCreated writes no row. While a batch is validating its item list therefore grows, and
 * `results.total_count` counts every item.
 *
 * Each row is built once, as one object literal with the same keys in the same order (its revision
 * included) whatever the event: the rows of a rebuild share one shape and nothing is copied on the
 * way.
 */
export function projectBatchItemRow(event: BatchEvent, revision: bigint): RevisedBatchItemRow | undefined {
  switch (event.type) {
    case 'ItemValidated':
      return itemRow(event.data, 'valid', null, null, revision);
    case 'ItemInvalidated':
      return itemRow(event.data, 'invalid', event.data.errors, null, revision);
    case 'ItemCompleted':
      return itemRow(event.data, 'completed', null, event.data.tracking_number, revision);
    case 'ItemFailed':
      return itemRow(event.data, 'failed', null, null, revision);
    case 'BatchCreated':
    case 'BatchItemsAdded':
    case 'BatchValidated':
    case 'BatchShipped':
    case 'LabelFilesMerged':
    case 'BatchCompleted':
      return undefined;
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled batch event ${JSON.stringify(unknown)}`);
    }
  }
}

const itemRow = (
  data: { batch_id: string; item_id: string; index: number },
  status: BatchItemStatus,
  errors: FieldErrors | null,
  main_tracking_number: string | null,
  revision: bigint,
): RevisedBatchItemRow => ({
  batch_id: data.batch_id,
  item_id: data.item_id,
  index: data.index,
  status,
  errors,
  main_tracking_number,
  revision,
});
