import type { KeyMode } from '@shipping/contracts-core';
import type { BatchShipper } from './batch-events';
import type { BatchFacts, BatchState } from './batch-state';

/** Shipped items whose label is neither bought nor refused yet, in item order, with what to label. */
export function pendingLabelItems(state: BatchState): { item_id: string; shipment: unknown }[] {
  if (state.status !== 'processing') return [];
  const shipped = new Set(state.shippedItemIds);
  return state.items.flatMap((item) =>
    item.status === 'valid' && shipped.has(item.id) ? [{ item_id: item.id, shipment: item.shipment }] : [],
  );
}

/** Failed items with what each paid, to refund. */
export function failedItems(state: BatchState): { item_id: string; refund_cents: number }[] {
  if (state.status !== 'processing' && state.status !== 'completed') return [];
  return state.items.flatMap((item) =>
    item.status === 'failed' ? [{ item_id: item.id, refund_cents: item.priceCents }] : [],
  );
}

export function serviceOf(state: BatchState): string {
  return state.status === 'none' ? '' : state.service;
}

/** What every label purchase of a batch asks beside its items: recorded when it was created. */
export interface BatchLabelTerms {
  service: string;
  /** The shipper's carrier and integration, and whose stored carrier credentials buy the labels. */
  shipper: BatchShipper & { account_id: string; shipper_id: number };
  mode: KeyMode;
}

/**
 * The batch's service, its shipper's carrier and integration with the account and shipper, and
 * the mode of the key that created it, never the mode of whoever shipped it.
 */
export function labelTermsOf(state: BatchFacts): BatchLabelTerms {
  return {
    service: state.service,
    shipper: { ...state.shipper, account_id: state.accountId, shipper_id: state.shipperId },
    mode: state.keyMode,
  };
}
