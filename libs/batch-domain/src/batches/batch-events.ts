import type { FieldErrors, KeyMode } from '@shipping/contracts-core';

/** The carrier and integration of a batch's shipper: which carrier adapter buys its labels. */
export interface BatchShipper {
  carrier: string;
  integration: 'own' | 'platform';
}

/**
 * Events of a `batch-<batch hash id>` stream, version 1 but BatchCreated (3). The batch app is the
 * only writer of a batch's stream (one process manager per step), so a 1,000-item batch appends
 * its item events in a few multi-event appends instead of racing per item.
 */
export interface BatchItemSubmission {
  item_id: string;
  /** 0-based position in `batch_shipments`; item order everywhere (pages, label files). */
  index: number;
  /** The shipment exactly as submitted; validated asynchronously. */
  shipment: unknown;
}

export type BatchEvent =
  | {
      type: 'BatchCreated';
      /**
       * Version 3. `items` holds the batch's first items in index order, all of them unless they
       * pass `ITEM_BYTES_PER_EVENT`; BatchItemsAdded events bring the rest (`item_count` in all).
       * `shipper` is the shipper's carrier and integration when the batch was created, and
       * `key_mode` the mode of the API key that created it: its labels are bought with both,
       * whoever ships it and whenever they are bought.
       */
      data: {
        batch_id: string;
        account_id: string;
        shipper_id: number;
        shipper_hash_id: string;
        shipper: BatchShipper;
        key_mode: KeyMode;
        service: string;
        item_count: number;
        items: BatchItemSubmission[];
        at: string;
      };
    }
  | {
      type: 'BatchItemsAdded';
      /**
       * The next items of a batch created with more than one event can hold, in index order;
       * `submitted_count` counts the items submitted so far, these included. The batch is
       * validated once it equals the BatchCreated's `item_count`.
       */
      data: { batch_id: string; items: BatchItemSubmission[]; submitted_count: number };
    }
  | {
      type: 'ItemValidated';
      /** `shipment`: the item as validated (saved sender resolved, units defaulted), what its label is bought for. */
      data: { batch_id: string; item_id: string; index: number; price_cents: number; shipment: unknown };
    }
  | {
      type: 'ItemInvalidated';
      data: { batch_id: string; item_id: string; index: number; errors: FieldErrors };
    }
  | {
      type: 'BatchValidated';
      data: {
        batch_id: string;
        status: 'ready' | 'invalid';
        valid_count: number;
        invalid_count: number;
        at: string;
      };
    }
  | {
      type: 'BatchShipped';
      data: { batch_id: string; account_id: string; charged_cents: number; item_ids: string[]; at: string };
    }
  | {
      type: 'ItemCompleted';
      data: {
        batch_id: string;
        item_id: string;
        index: number;
        tracking_number: string;
        label_key: string;
        price_cents: number;
      };
    }
  | {
      type: 'ItemFailed';
      data: { batch_id: string; item_id: string; index: number; reason: string; refund_cents: number };
    }
  | { type: 'LabelFilesMerged'; data: { batch_id: string; files: MergedLabelFile[] } }
  | {
      type: 'BatchCompleted';
      data: { batch_id: string; completed_count: number; failed_count: number; at: string };
    };

export interface MergedLabelFile {
  /** 1-based file number. */
  file: number;
  /** Where the label app keeps the file; URLs are signed from it. */
  key: string;
  /** Completed items whose labels the file holds, in item order (at most 100). */
  item_ids: string[];
}

export type BatchEventType = BatchEvent['type'];

export const BATCH_EVENT_TYPES: readonly BatchEventType[] = [
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

export const BATCH_STREAM_PREFIX = 'batch-';

export const batchStreamName = (batchId: string) => `${BATCH_STREAM_PREFIX}${batchId}`;

export function isBatchEvent(event: { type: string }): event is BatchEvent {
  return (BATCH_EVENT_TYPES as readonly string[]).includes(event.type);
}

export const LABELS_PER_FILE = 100;

/**
 * The most JSON of item submissions one BatchCreated or BatchItemsAdded carries (each carries at
 * least one item): half of the 1 MiB EventStoreDB takes in one append by default, so each event
 * goes in an append of its own with room to spare.
 */
export const ITEM_BYTES_PER_EVENT = 512 * 1024;
