import type { FieldErrors, KeyMode } from '@shipping/contracts-core';
import type { BatchItemSubmission, BatchShipper, MergedLabelFile } from './batch-events';

/** What validating one item found: its price on the service's rate card, or its field errors. */
export type ItemValidationOutcome =
  | { item_id: string; valid: true; price_cents: number; shipment: unknown }
  | { item_id: string; valid: false; errors: FieldErrors };

/** What buying one item's label found. */
export type ItemLabelOutcome =
  | { item_id: string; ok: true; tracking_number: string; label_key: string }
  | { item_id: string; ok: false; reason: string };

export interface CreateBatch {
  type: 'CreateBatch';
  batchId: string;
  accountId: string;
  shipperId: number;
  shipperHashId: string;
  shipper: BatchShipper;
  /** The mode of the API key creating the batch: its labels are bought in this mode. */
  keyMode: KeyMode;
  service: string;
  items: readonly BatchItemSubmission[];
  now: string;
}

/** Results may come in several chunks, and again after a redelivery. */
export interface RecordValidation {
  type: 'RecordValidation';
  batchId: string;
  results: readonly ItemValidationOutcome[];
  now: string;
}

export interface ShipBatch {
  type: 'ShipBatch';
  batchId: string;
  accountId: string;
  now: string;
  /** Set by the process manager that finishes a ship after a crash: a batch already shipped is then no error. */
  onlyIfReady?: boolean;
  /**
   * The mode of the API key shipping the batch, which must be the mode it was created with. Unset
   * when no key asks (the process manager finishing a ship).
   */
  keyMode?: KeyMode;
}

export interface RecordLabelResults {
  type: 'RecordLabelResults';
  batchId: string;
  results: readonly ItemLabelOutcome[];
}

export interface RecordMergedFiles {
  type: 'RecordMergedFiles';
  batchId: string;
  files: readonly MergedLabelFile[];
  now: string;
}

export type BatchCommand =
  CreateBatch | RecordValidation | ShipBatch | RecordLabelResults | RecordMergedFiles;
