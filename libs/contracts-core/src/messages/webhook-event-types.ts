import type { BatchResults, BatchSummary } from './batches';

/** What an endpoint can subscribe to; `shipment.shipped` is the interface's webhook. */
export const WEBHOOK_EVENT_TYPES = [
  'shipment.shipped',
  'batch.validated',
  'batch.completed',
  'batch.item_failed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** An endpoint registered without `events` gets what every endpoint got before there were types. */
export const DEFAULT_WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['shipment.shipped'];

export const isWebhookEventType = (value: unknown): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(value);

/** The batch as `GET /batches/{id}` shows it, without items. */
export interface WebhookBatchData {
  id: string;
  status: BatchSummary['status'];
  default_service: string;
  default_shipper_id: string;
  results: BatchResults;
  /** Signed label file links, once the batch is processing or completed. */
  labels?: string[];
  /** batch.validated: the ids of the items that failed validation. */
  invalid_item_ids?: string[];
  /** batch.item_failed: the item that failed and why. */
  failed_item?: { id: string; reason: string };
}

/** The body of a batch event: its type inside, as Standard Webhooks suggests (`type`, `timestamp`, `data`). */
export interface WebhookBatchBody {
  type: Exclude<WebhookEventType, 'shipment.shipped'>;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: WebhookBatchData;
}
