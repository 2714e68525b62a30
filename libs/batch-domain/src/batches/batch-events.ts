import type { FieldErrors } from '@shipping/contracts';

/**
 * Events of a `batch-<batch hash id>` stream, every one version 1. The batch app is the only
 * writer of a batch's stream (one process manager per step), so a 1,000-item batch appends its
 * item events in a few multi-event appends instead of racing per item.
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
      data: {
        batch_id: string;
        account_id: string;
        shipper_id: number;
        shipper_hash_id: string;
        service: string;
        items: BatchItemSubmission[];
        at: string;
      };
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
