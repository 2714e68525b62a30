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

export const BATCH_ITEMS_HANDLES: readonly BatchEventType[] = [
  'ItemValidated',
  'ItemInvalidated',
  'ItemCompleted',
  'ItemFailed',
];

/**
 * Pure projection: the item rows an event writes, each replacing the row of the same
 * (batch_id, item_id), so applying an event twice changes nothing. An item appears once it is
 * validated: the interface's item statuses are valid, invalid, completed and failed, and an item
 * awaiting validation has none of them, so BatchCreated writes no row. While a batch is
 * validating its item list therefore grows, and `results.total_count` counts every item.
 */
export function projectBatchItemRows(event: BatchEvent): BatchItemRow[] {
  const base = (data: { batch_id: string; item_id: string; index: number }) => ({
    batch_id: data.batch_id,
    item_id: data.item_id,
    index: data.index,
    errors: null,
    main_tracking_number: null,
  });
  switch (event.type) {
    case 'ItemValidated':
      return [{ ...base(event.data), status: 'valid' }];
    case 'ItemInvalidated':
      return [{ ...base(event.data), status: 'invalid', errors: event.data.errors }];
    case 'ItemCompleted':
      return [{ ...base(event.data), status: 'completed', main_tracking_number: event.data.tracking_number }];
    case 'ItemFailed':
      return [{ ...base(event.data), status: 'failed' }];
    case 'BatchCreated':
    case 'BatchItemsAdded':
    case 'BatchValidated':
    case 'BatchShipped':
    case 'LabelFilesMerged':
    case 'BatchCompleted':
      return [];
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled batch event ${JSON.stringify(unknown)}`);
    }
  }
}
