import type { BatchResults, BatchSummary } from './batches';

/** Which body a type sends: the interface's shipment body, or a batch event around the batch. */
export type WebhookBodyKind = 'shipment' | 'batch';

/** A field of the batch body only some types set: its JSON Schema, as the API description shows it. */
export type WebhookDataField = Readonly<Record<string, unknown>> & { description: string };

/** The schemas of the batch body's fields that only some types set (`dataFields` of the table). */
export const WEBHOOK_DATA_FIELDS = {
  invalid_item_ids: {
    type: 'array',
    description: '`batch.validated`: the items that failed validation (`[]` for a ready batch).',
    items: { type: 'string' },
  },
  failed_item: {
    type: 'object',
    description: '`batch.item_failed`: the item and why it failed.',
    required: ['id', 'reason'],
    properties: { id: { type: 'string' }, reason: { type: 'string' } },
  },
} as const satisfies Partial<Record<keyof WebhookBatchData, WebhookDataField>>;

export type WebhookDataFieldName = keyof typeof WEBHOOK_DATA_FIELDS;

export interface WebhookEventTypeSpec {
  /** The domain events that trigger it, by their recorded type. */
  readonly triggers: readonly string[];
  /** When it is sent, as the API description and docs/webhooks.md say it. */
  readonly sentWhen: string;
  readonly body: WebhookBodyKind;
  /** Fields of `WebhookBatchData` this type sets (and no type not naming them). */
  readonly dataFields?: readonly WebhookDataFieldName[];
}

/**
 * Every webhook event type: what triggers it, when it is sent and its body. Everything that lists
 * the types takes them from here: the `events` field of the webhook routes, the webhook app's
 * check of a notification, the API description's `webhooks` and the batch app's notifications
 * (its body builder has a case per batch type, which the compiler asks for).
 */
export const WEBHOOK_EVENTS = {
  'shipment.shipped': {
    triggers: ['ParcelShipped', 'ItemCompleted'],
    sentWhen:
      'A parcel was shipped by instant ship, or an item of a batch was completed when the batch completed.',
    body: 'shipment',
  },
  'batch.validated': {
    triggers: ['BatchValidated'],
    sentWhen: "A batch's validation ended: it is `ready` or `invalid`.",
    body: 'batch',
    dataFields: ['invalid_item_ids'],
  },
  'batch.completed': {
    triggers: ['BatchCompleted'],
    sentWhen: 'Every shipped item is completed or failed and the labels are merged.',
    body: 'batch',
  },
  'batch.item_failed': {
    triggers: ['ItemFailed'],
    sentWhen: 'An item of a shipped batch failed (the carrier refused it); its price is refunded.',
    body: 'batch',
    dataFields: ['failed_item'],
  },
} as const satisfies Record<string, WebhookEventTypeSpec>;

export type WebhookEventType = keyof typeof WEBHOOK_EVENTS;

/** What an endpoint can subscribe to; `shipment.shipped` is the interface's webhook. */
export const WEBHOOK_EVENT_TYPES = Object.keys(WEBHOOK_EVENTS) as readonly WebhookEventType[];

/** The types whose body is a batch event. */
export type WebhookBatchEventType = {
  [T in WebhookEventType]: (typeof WEBHOOK_EVENTS)[T]['body'] extends 'batch' ? T : never;
}[WebhookEventType];

/** The fields of `WebhookBatchData` a type's table row names. */
export type WebhookDataFieldsOf<T extends WebhookEventType> = (typeof WEBHOOK_EVENTS)[T] extends {
  dataFields: readonly (infer F extends WebhookDataFieldName)[];
}
  ? F
  : never;

export const WEBHOOK_BATCH_EVENT_TYPES = WEBHOOK_EVENT_TYPES.filter(
  (type) => WEBHOOK_EVENTS[type].body === 'batch',
) as readonly WebhookBatchEventType[];

/** The batch event type a batch stream's event triggers, if any. */
export const batchWebhookTypeOf = (domainEventType: string): WebhookBatchEventType | undefined =>
  WEBHOOK_BATCH_EVENT_TYPES.find((type) =>
    (WEBHOOK_EVENTS[type].triggers as readonly string[]).includes(domainEventType),
  );

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
  type: WebhookBatchEventType;
  /** When the event happened (ISO 8601). */
  timestamp: string;
  data: WebhookBatchData;
}
