import type { BatchEvent } from './batch-events';

type BatchCreatedV1 = { items: unknown[]; [field: string]: unknown };

/** Version 2 of BatchCreated counts the batch's items: a version 1 event always held all of them. */
export function batchCreatedV1ToV2(data: unknown): Extract<BatchEvent, { type: 'BatchCreated' }>['data'] {
  const v1 = data as BatchCreatedV1;
  return { ...v1, item_count: v1.items.length } as unknown as Extract<
    BatchEvent,
    { type: 'BatchCreated' }
  >['data'];
}

export const BATCH_EVENT_UPCASTERS = [
  { type: 'BatchCreated', fromVersion: 1, upcast: batchCreatedV1ToV2 },
] as const;
