import { batchResults, type BatchEvent, isBatchEvent, projectBatchSummary } from '@shipping/batch-domain';
import type {
  WebhookBatchBody,
  WebhookBatchData,
  WebhookBatchEventType,
  WebhookDataFieldsOf,
} from '@shipping/contracts';

export type BatchWebhookType = WebhookBatchEventType;

/** A type's own fields (its `dataFields` in WEBHOOK_EVENTS), from the history up to its trigger. */
type OwnFields = {
  [T in BatchWebhookType]: (
    events: readonly BatchEvent[],
    trigger: BatchEvent,
  ) => Pick<WebhookBatchData, WebhookDataFieldsOf<T>>;
};

/** One entry per batch type of WEBHOOK_EVENTS: a type added there is not compiled until it has one. */
export const BATCH_WEBHOOK_FIELDS: OwnFields = {
  'batch.validated': (events) => ({
    invalid_item_ids: events.flatMap((event) =>
      event.type === 'ItemInvalidated' ? [event.data.item_id] : [],
    ),
  }),
  'batch.item_failed': (_events, trigger) =>
    trigger.type === 'ItemFailed'
      ? { failed_item: { id: trigger.data.item_id, reason: trigger.data.reason } }
      : {},
  'batch.completed': () => ({}),
};

/**
 * The batch as `GET /batches/{id}` showed it right after `history`'s last event (the one the
 * webhook is about), without items, with the type's own fields. `labelUrl` signs a label file's key.
 */
export function batchWebhookBody(
  type: BatchWebhookType,
  history: readonly { type: string; data: unknown }[],
  occurredAt: Date,
  labelUrl: (key: string) => string,
): WebhookBatchBody {
  const events = history.filter(isBatchEvent) as BatchEvent[];
  const summary = events.reduce(
    projectBatchSummary,
    undefined as ReturnType<typeof projectBatchSummary> | undefined,
  );
  const trigger = events[events.length - 1];
  if (!summary || !trigger) throw new Error('A batch webhook needs the batch history up to its event');
  const shipped = summary.status === 'processing' || summary.status === 'completed';
  const data: WebhookBatchData = {
    id: summary.id,
    status: summary.status === 'creating' ? 'validating' : summary.status,
    default_service: summary.default_service,
    default_shipper_id: summary.default_shipper_id,
    results: batchResults(summary.counts),
    ...(shipped ? { labels: summary.label_keys.map(labelUrl) } : {}),
    ...BATCH_WEBHOOK_FIELDS[type](events, trigger),
  };
  return { type, timestamp: occurredAt.toISOString(), data };
}
