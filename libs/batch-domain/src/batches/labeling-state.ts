import type { BatchState } from './batch-state';

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
