import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { BATCH_STREAM_PREFIX, type BatchEvent, batchStreamName, isBatchEvent } from '@shipping/batch-domain';
import { batchWebhookTypeOf, type WebhookNotification, WebhookPatterns } from '@shipping/contracts';
import type { EventStore, RecordedEvent } from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import { requestContextOf } from '@shipping/platform/commands';
import { PublicLabelLinks } from '@shipping/platform/label-urls';
import { EVENT_STORE } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { batchWebhookBody } from './batch-webhook-body';
import { type CompletedItem, shipmentWebhookBody } from './shipment-webhook-body';

/** What the notifications take from the batch's BatchCreated: whose batch it is, and its service. */
type CreatedBatch = Pick<
  Extract<BatchEvent, { type: 'BatchCreated' }>['data'],
  'account_id' | 'key_mode' | 'service'
>;

/** A 1,000-item batch is ten requests, not a thousand round trips (over Kafka, in the distributed runtime). */
const NOTIFICATIONS_PER_REQUEST = 100;

/**
 * Hands a batch's events to the webhook app: each event a batch type of WEBHOOK_EVENTS is triggered
 * by, as it happens (keyed by batch, so each endpoint gets them in stream order), and
 * every completed batch item (the normal parcel-shipping flow's
 * webhook) when its batch completes: BatchCompleted follows every ItemCompleted in the stream, so
 * the batch is read once and the notifications do not compete with the labelling itself. They go
 * 100 to a request: the webhook app answers once the deliveries are in its outbox, and
 * only then does this subscription move on, so a crash loses nothing; the webhook app dedupes by
 * the id of the item's ItemCompleted event, so a redelivered BatchCompleted adds nothing.
 */
@Subscribes({
  name: 'batch.webhook-notifications',
  streamPrefixes: [BATCH_STREAM_PREFIX],
  accepts: isBatchEvent,
})
@Injectable()
export class ShipmentNotifications implements EventSubscriber<BatchEvent> {
  private readonly labels = new PublicLabelLinks();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
  ) {}

  async handle(event: Recorded<BatchEvent>): Promise<void> {
    const batchType = batchWebhookTypeOf(event.type);
    if (!batchType) return;
    const batchId = event.data.batch_id;
    const history = (await this.store.readStream(batchStreamName(batchId))).filter(
      (recorded) => recorded.revision <= event.revision,
    );
    const created = history.find((recorded) => recorded.type === 'BatchCreated')?.data as
      CreatedBatch | undefined;
    if (!created) return;
    const now = Math.floor(Date.now() / 1000);
    const context = requestContextOf(event, created.account_id);
    const notifications: WebhookNotification[] =
      event.type === 'BatchCompleted' ? this.shippedItems(history, created, now) : [];
    notifications.push({
      event_id: event.id,
      account_id: created.account_id,
      key_mode: created.key_mode,
      event_type: batchType,
      order_key: `batch:${batchId}`,
      order_position: Number(event.revision),
      body: batchWebhookBody(batchType, history, event.createdAt, (key) => this.labels.url(key, now)),
    });
    for (let first = 0; first < notifications.length; first += NOTIFICATIONS_PER_REQUEST) {
      await sendRequest(this.client, WebhookPatterns.notifyMany, {
        context,
        payload: { notifications: notifications.slice(first, first + NOTIFICATIONS_PER_REQUEST) },
      });
    }
  }

  /** `shipment.shipped` for each completed item, as before there were event types. */
  private shippedItems(history: RecordedEvent[], created: CreatedBatch, now: number): WebhookNotification[] {
    const shipments = new Map<string, unknown>();
    const notifications: WebhookNotification[] = [];
    for (const recorded of history) {
      const data = recorded.data as { item_id?: string; shipment?: unknown };
      if (recorded.type === 'ItemValidated' && data.item_id) shipments.set(data.item_id, data.shipment);
      if (recorded.type !== 'ItemCompleted') continue;
      const item = recorded.data as CompletedItem & { label_key: string };
      const body = shipmentWebhookBody(
        item,
        created.service,
        shipments.get(item.item_id),
        this.labels.url(item.label_key, now),
      );
      notifications.push({
        event_id: recorded.id,
        account_id: created.account_id,
        key_mode: created.key_mode,
        body,
      });
    }
    return notifications;
  }
}
