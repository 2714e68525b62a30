import { batchResults, type BatchEvent, isBatchEvent, projectBatchSummary } from '@shipping/batch-domain';
import type { WebhookBatchBody, WebhookBatchData } from '@shipping/contracts';

export type BatchWebhookType = WebhookBatchBody['type'];

export const BATCH_WEBHOOK_TYPES: Readonly<Record<string, BatchWebhookType>> = {
  BatchValidated: 'batch.validated',
  ItemFailed: 'batch.item_failed',
  BatchCompleted: 'batch.completed',
};

/**
 * The batch as `GET /batches/{id}` showed it right after `history`'s last event (the one the
 * webhook is about), without items. `labelUrl` signs a label file's key.
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
  };
  if (type === 'batch.validated') {
    data.invalid_item_ids = events.flatMap((event) =>
      event.type === 'ItemInvalidated' ? [event.data.item_id] : [],
    );
  }
  if (type === 'batch.item_failed' && trigger.type === 'ItemFailed') {
    data.failed_item = { id: trigger.data.item_id, reason: trigger.data.reason };
  }
  return { type, timestamp: occurredAt.toISOString(), data };
}
