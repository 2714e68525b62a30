import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { WebhookPatterns, webhookShipmentBody } from '@shipping/contracts';
import type { EventStore, RecordedEvent, SqlClient, Subscription } from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import { type InstantShipEvent, SHIPMENT_STREAM_PREFIX, shipmentStreamName } from '@shipping/order-domain';
import { EVENT_STORE, PublicLabelLinks, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';

type Shipped = Extract<InstantShipEvent, { type: 'ParcelShipped' }>['data'];
type Requested = Extract<InstantShipEvent, { type: 'InstantShipRequested' }>['data'];

/**
 * Hands every ParcelShipped to the webhook app. The notification is a request answered once the
 * deliveries are in the webhook app's outbox, and the subscription's checkpoint only moves after
 * it, so a crash between the event and the delivery loses nothing; the webhook app dedupes by the
 * event id, so the event handed over again after a restart is delivered once.
 */
@Injectable()
export class ShippedParcelNotifications implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ShippedParcelNotifications.name);
  private readonly labels = new PublicLabelLinks();
  private subscription?: Subscription;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: 'order.instant-ship-webhooks',
      streamNamePrefixes: [SHIPMENT_STREAM_PREFIX],
      onEvent: (event) => this.onEvent(event),
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  private async onEvent(event: RecordedEvent): Promise<void> {
    if (event.type !== 'ParcelShipped') return;
    const shipped = event.data as Shipped;
    const history = await this.store.readStream(shipmentStreamName(shipped.shipment_order_id));
    const requested = history.find((recorded) => recorded.type === 'InstantShipRequested')?.data as
      Requested | undefined;
    const body = webhookShipmentBody({
      shipment_order_id: shipped.shipment_order_id,
      tracking_number: shipped.tracking_number,
      price_cents: shipped.price_cents,
      service: shipped.service,
      packages: requested?.parcel.package_list ?? [],
      label_url: this.labels.url(shipped.label_key),
    });
    await sendRequest(this.client, WebhookPatterns.notify, {
      context: {
        accountId: shipped.account_id,
        correlationId: String(event.metadata.correlationId ?? event.id),
      },
      payload: { event_id: event.id, account_id: shipped.account_id, body },
    });
  }
}
