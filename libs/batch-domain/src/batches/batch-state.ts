import type { FieldErrors, KeyMode } from '@shipping/contracts-core';
import type { BatchShipper, MergedLabelFile } from './batch-events';

export type BatchItemState =
  | { id: string; index: number; status: 'pending' }
  | { id: string; index: number; status: 'valid'; priceCents: number; shipment: unknown }
  | { id: string; index: number; status: 'invalid'; errors: FieldErrors }
  | {
      id: string;
      index: number;
      status: 'completed';
      priceCents: number;
      trackingNumber: string;
      labelKey: string;
    }
  | { id: string; index: number; status: 'failed'; priceCents: number; reason: string };

export interface BatchFacts {
  batchId: string;
  accountId: string;
  shipperId: number;
  shipperHashId: string;
  /** Whose carrier adapter buys the labels. */
  shipper: BatchShipper;
  /** The mode of the key that created the batch: the labels are bought in it. */
  keyMode: KeyMode;
  service: string;
  createdAt: string;
  /** Every item, in index order (while creating, those recorded so far). */
  items: readonly BatchItemState[];
  /** Item id to its position in `items`: fixed at creation, so every later state shares it. */
  positions: ReadonlyMap<string, number>;
}

export interface ShippedFacts {
  /** The items shipped (every valid item), in index order. */
  shippedItemIds: readonly string[];
  shippedAt: string;
  chargedCents: number;
  /** Empty until the labels are merged. */
  files: readonly MergedLabelFile[];
}

export type BatchState =
  | { status: 'none' }
  /** Created with more items than one event holds, and not all of them recorded yet: not a batch to anyone yet. */
  | ({ status: 'creating'; itemCount: number } & BatchFacts)
  | ({ status: 'validating' } & BatchFacts)
  | ({ status: 'ready' } & BatchFacts)
  | ({ status: 'invalid' } & BatchFacts)
  | ({ status: 'processing' } & BatchFacts & ShippedFacts)
  | ({ status: 'completed' } & BatchFacts & ShippedFacts);

export type BatchStatus = BatchState['status'];

export const initialBatchState: BatchState = { status: 'none' };
