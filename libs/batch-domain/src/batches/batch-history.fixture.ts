import type { KeyMode } from '@shipping/contracts-core';
import type { BatchEvent, BatchItemSubmission, MergedLabelFile } from './batch-events';

/** Batch histories for the specs: items are `i<index>`, the batch `b1` of `acct_acme`. */

export const now = '2026-11-21T10:00:00.000Z';
export const BATCH = 'b1';
export const ACCOUNT = 'acct_acme';
export const item = (index: number) => `i${index}`;
/** The shipment as validation returns it; what the label app is asked to label. */
export const shipmentOf = (index: number) => ({ to_address: { name: `Receiver ${index}` } });

export const errors = { 'to_address.city': ['The to_address.city field is required.'] };

export const submissions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    item_id: item(index),
    index,
    shipment: { reference: `shipment ${index}` },
  }));

/** The command that creates batch `b1` with these items. */
export const createBatch = (items: BatchItemSubmission[]) => ({
  type: 'CreateBatch' as const,
  batchId: BATCH,
  accountId: ACCOUNT,
  shipperId: 1,
  shipperHashId: 'shp1',
  shipper: SHIPPER,
  keyMode: 'test' as const,
  service: 'USPS-1',
  items,
  now,
});

/** The batch's shipper: the merchant's own USPS account. */
export const SHIPPER = { carrier: 'usps', integration: 'own' as const };

export const created = (count: number, keyMode: KeyMode = 'test'): BatchEvent => ({
  type: 'BatchCreated',
  data: {
    batch_id: BATCH,
    account_id: ACCOUNT,
    shipper_id: 1,
    shipper_hash_id: 'shp1',
    shipper: SHIPPER,
    key_mode: keyMode,
    service: 'USPS-1',
    item_count: count,
    items: submissions(count),
    at: now,
  },
});

/** The items from `from` on, `count` of them, as the next BatchItemsAdded of a larger batch. */
export const itemsAdded = (from: number, count: number): BatchEvent => ({
  type: 'BatchItemsAdded',
  data: {
    batch_id: BATCH,
    items: submissions(from + count).slice(from),
    submitted_count: from + count,
  },
});

export const validated = (index: number, price_cents: number): BatchEvent => ({
  type: 'ItemValidated',
  data: { batch_id: BATCH, item_id: item(index), index, price_cents, shipment: shipmentOf(index) },
});

export const invalidated = (index: number): BatchEvent => ({
  type: 'ItemInvalidated',
  data: { batch_id: BATCH, item_id: item(index), index, errors },
});

export const batchValidated = (
  status: 'ready' | 'invalid',
  valid_count: number,
  invalid_count: number,
): BatchEvent => ({
  type: 'BatchValidated',
  data: { batch_id: BATCH, status, valid_count, invalid_count, at: now },
});

export const shipped = (charged_cents: number, item_ids: string[]): BatchEvent => ({
  type: 'BatchShipped',
  data: { batch_id: BATCH, account_id: ACCOUNT, charged_cents, item_ids, at: now },
});

export const completed = (index: number, price_cents: number): BatchEvent => ({
  type: 'ItemCompleted',
  data: {
    batch_id: BATCH,
    item_id: item(index),
    index,
    tracking_number: `TRK${index}`,
    label_key: `labels/${item(index)}.pdf`,
    price_cents,
  },
});

export const failed = (index: number, refund_cents: number): BatchEvent => ({
  type: 'ItemFailed',
  data: { batch_id: BATCH, item_id: item(index), index, reason: 'Carrier refused the address', refund_cents },
});

export const merged = (files: MergedLabelFile[]): BatchEvent => ({
  type: 'LabelFilesMerged',
  data: { batch_id: BATCH, files },
});

export const batchCompleted = (completed_count: number, failed_count: number): BatchEvent => ({
  type: 'BatchCompleted',
  data: { batch_id: BATCH, completed_count, failed_count, at: now },
});

/** A batch whose items all validated, priced as given. */
export const readyBatch = (prices: number[]): BatchEvent[] => [
  created(prices.length),
  ...prices.map((price, index) => validated(index, price)),
  batchValidated('ready', prices.length, 0),
];

/** A ready batch, shipped. */
export const processingBatch = (prices: number[]): BatchEvent[] => [
  ...readyBatch(prices),
  shipped(
    prices.reduce((sum, price) => sum + price, 0),
    prices.map((_, index) => item(index)),
  ),
];
