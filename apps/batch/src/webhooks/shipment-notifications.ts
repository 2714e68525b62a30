import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { BATCH_STREAM_PREFIX, batchStreamName } from '@shipping/batch-domain';
import { WebhookPatterns } from '@shipping/contracts';
import type { EventStore, RecordedEvent, SqlClient, Subscription } from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import { EVENT_STORE, PublicLabelLinks, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';
import { type CompletedItem, shipmentWebhookBody } from './shipment-webhook-body';

/** A 1,000-item batch is ten requests, not a thousand round trips (over Kafka, in the distributed runtime). */
const NOTIFICATIONS_PER_REQUEST = 100;

interface BatchFacts {
  accountId: string;
  service: string;
  shipments: Map<string, unknown>;
}

/**
 * Hands every completed batch item to the webhook app (the normal parcel-shipping flow's
 * webhook) when its batch completes: BatchCompleted follows every ItemCompleted in the stream, so
 * the batch is read once and the notifications do not compete with the labelling itself. They go
 * 100 to a request: the webhook app answers once the deliveries are in its outbox, and
 * only then does this subscription move on, so a crash loses nothing; the webhook app dedupes by
 * the id of the item's ItemCompleted event, so a redelivered BatchCompleted adds nothing.
 */
@Injectable()
export class ShipmentNotifications implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ShipmentNotifications.name);
  private readonly labels = new PublicLabelLinks();
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: 'batch.webhook-notifications',
      streamNamePrefixes: [BATCH_STREAM_PREFIX],
      onEvent: (event) => this.onEvent(event),
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    if (event.type !== 'BatchCompleted') return;
    const { batch_id: batchId } = event.data as { batch_id: string };
    const facts: BatchFacts = { accountId: '', service: '', shipments: new Map() };
    const completed: RecordedEvent[] = [];
    for (const recorded of await this.store.readStream(batchStreamName(batchId))) {
      const data = recorded.data as {
        account_id?: string;
        service?: string;
        item_id?: string;
        shipment?: unknown;
      };
      if (recorded.type === 'BatchCreated')
        Object.assign(facts, { accountId: data.account_id, service: data.service });
      if (recorded.type === 'ItemValidated' && data.item_id) facts.shipments.set(data.item_id, data.shipment);
      if (recorded.type === 'ItemCompleted') completed.push(recorded);
    }
    const now = Math.floor(Date.now() / 1000);
    const context = {
      accountId: facts.accountId,
      correlationId: String(event.metadata.correlationId ?? event.id),
    };
    const notifications = completed.map((itemEvent) => {
      const item = itemEvent.data as CompletedItem & { label_key: string };
      const body = shipmentWebhookBody(
        item,
        facts.service,
        facts.shipments.get(item.item_id),
        this.labels.url(item.label_key, now),
      );
      return { event_id: itemEvent.id, account_id: facts.accountId, body };
    });
    for (let first = 0; first < notifications.length; first += NOTIFICATIONS_PER_REQUEST) {
      await sendRequest(this.client, WebhookPatterns.notifyMany, {
        context,
        payload: { notifications: notifications.slice(first, first + NOTIFICATIONS_PER_REQUEST) },
      });
    }
  }
}
