/**
 * Shapes of the public API's answers, as any API client sees them: taken from the types
 * openapi-typescript generates from the gateway's OpenAPI document (`npm run api:types`).
 */
import type { components } from '@shipping/client';

type Schemas = components['schemas'];

export type Page<T> = Omit<Schemas['OpenOrderPage'], 'data'> & { data: T[] };

export type OpenOrder = Schemas['OpenOrder'];

export type PickupOrder = Schemas['PickupOrder'];

export const BATCH_STATUSES = ['validating', 'invalid', 'ready', 'processing', 'completed'] as const;
export type BatchStatus = Schemas['BatchSummary']['status'];

export const ITEM_STATUSES = ['valid', 'invalid', 'completed', 'failed'] as const;
export type ItemStatus = Schemas['BatchItem']['status'];

export type BatchResults = Schemas['BatchResults'];

export type BatchRow = Schemas['BatchListEntry'];

export type BatchItem = Schemas['BatchItem'];

export type Batch = Schemas['Batch'];

export type WebhookEndpoint = Schemas['WebhookEndpoint'];

export type WebhookDelivery = Schemas['WebhookDelivery'];

export type WebhookAttempt = WebhookDelivery['attempts'][number];

/** The constants list every value the document names, and no other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const listsMatch: [
  Same<(typeof BATCH_STATUSES)[number], BatchStatus>,
  Same<(typeof ITEM_STATUSES)[number], ItemStatus>,
] = [true, true];
void listsMatch;

/** `GET /account`: the signed-in account, its credit balance as a decimal string. */
export type AccountSummary = Schemas['CallerAccount'];
