import { carrierOfParcelService } from '@shipping/reference-data';
import type { BatchEvent } from './batch-events';

type BatchCreatedV1 = { items: unknown[]; [field: string]: unknown };
type BatchCreatedV2 = { service: string; [field: string]: unknown };
type BatchCreated = Extract<BatchEvent, { type: 'BatchCreated' }>['data'];

/** Version 2 of BatchCreated counts the batch's items: a version 1 event always held all of them. */
export function batchCreatedV1ToV2(data: unknown): BatchCreated {
  const v1 = data as BatchCreatedV1;
  return { ...v1, item_count: v1.items.length } as unknown as BatchCreated;
}

/**
 * Version 3 of BatchCreated names the shipper's carrier and integration and the creating key's
 * mode. A version 2 batch was created before keys had a mode reach the batch app, and its labels
 * were always bought from the sandbox: it reads as a test batch of its service's carrier on the
 * merchant's own integration (the only one batches take).
 */
export function batchCreatedV2ToV3(data: unknown): BatchCreated {
  const v2 = data as BatchCreatedV2;
  return {
    ...v2,
    shipper: { carrier: carrierOfParcelService(v2.service), integration: 'own' },
    key_mode: 'test',
  } as unknown as BatchCreated;
}

export const BATCH_EVENT_UPCASTERS = [
  { type: 'BatchCreated', fromVersion: 1, upcast: batchCreatedV1ToV2 },
  { type: 'BatchCreated', fromVersion: 2, upcast: batchCreatedV2ToV3 },
] as const;
