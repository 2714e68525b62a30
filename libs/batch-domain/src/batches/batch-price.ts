import type { BatchFacts } from './batch-state';

/** What shipping a batch charges: its valid items, in index order, and the sum of their prices. */
export interface BatchPrice {
  cents: number;
  itemIds: string[];
}

export function batchPrice(batch: BatchFacts): BatchPrice {
  let cents = 0;
  const itemIds: string[] = [];
  for (const item of batch.items) {
    if (item.status !== 'valid') continue;
    cents += item.priceCents;
    itemIds.push(item.id);
  }
  return { cents, itemIds };
}
