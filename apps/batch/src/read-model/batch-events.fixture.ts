import type { BatchEvent } from '@shipping/batch-domain';
import type { KeyMode } from '@shipping/contracts';

/** The events of a small batch's life, for the read model's specs: created, validated, shipped, completed item by item. */
export function batchLife(batchId: string, accountId: string, itemCount = 3, keyMode: KeyMode = 'test') {
  const itemIds = Array.from({ length: itemCount }, (_, index) => `${batchId}-i-${index}`);
  const created: BatchEvent = {
    type: 'BatchCreated',
    data: {
      batch_id: batchId,
      account_id: accountId,
      shipper_id: 1,
      shipper_hash_id: 'shipper-1',
      shipper: { carrier: 'usps', integration: 'own' as const },
      key_mode: keyMode,
      service: 'USPS-1',
      item_count: itemCount,
      items: itemIds.map((item_id, index) => ({ item_id, index, shipment: {} })),
      at: '2026-11-21T10:00:00.000Z',
    },
  };
  const validated = itemIds.map((item_id, index): BatchEvent => ({
    type: 'ItemValidated',
    data: { batch_id: batchId, item_id, index, price_cents: 500, shipment: {} },
  }));
  const ready: BatchEvent = {
    type: 'BatchValidated',
    data: {
      batch_id: batchId,
      status: 'ready',
      valid_count: itemCount,
      invalid_count: 0,
      at: '2026-11-21T10:00:01.000Z',
    },
  };
  const shipped: BatchEvent = {
    type: 'BatchShipped',
    data: {
      batch_id: batchId,
      account_id: accountId,
      charged_cents: 500 * itemCount,
      item_ids: itemIds,
      at: '2026-11-21T10:00:02.000Z',
    },
  };
  const completed = (index: number): BatchEvent => ({
    type: 'ItemCompleted',
    data: {
      batch_id: batchId,
      item_id: itemIds[index],
      index,
      tracking_number: `9400${index}`,
      label_key: `label-${index}`,
      price_cents: 500,
    },
  });
  return { itemIds, created, validated, ready, shipped, completed };
}
