import { Inject, Injectable } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { WebhookPatterns, webhookShipmentBody } from '@shipping/contracts';
import type { EventStore } from '@shipping/event-store';
import { MESSAGE_CLIENT, sendRequest } from '@shipping/messaging';
import {
  type InstantShipEvent,
  isInstantShipEvent,
  SHIPMENT_STREAM_PREFIX,
  shipmentStreamName,
} from '@shipping/order-domain';
import { requestContextOf } from '@shipping/platform/commands';
import { PublicLabelLinks } from '@shipping/platform/label-urls';
import { EVENT_STORE } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';

type Requested = Extract<InstantShipEvent, { type: 'InstantShipRequested' }>['data'];

/**
 * Hands every ParcelShipped to the webhook app. The notification is a request answered once the
 * deliveries are in the webhook app's outbox, and the subscription's checkpoint only moves after
 * it, so a crash between the event and the delivery loses nothing; the webhook app dedupes by the
 * event id, so the event handed over again after a restart is delivered once.
 */
@Subscribes({
  name: 'order.instant-ship-webhooks',
  streamPrefixes: [SHIPMENT_STREAM_PREFIX],
  accepts: isInstantShipEvent,
})
@Injectable()
export class ShippedParcelNotifications implements EventSubscriber<InstantShipEvent> {
  private readonly labels = new PublicLabelLinks();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(MESSAGE_CLIENT) private readonly client: ClientProxy,
  ) {}

  async handle(event: Recorded<InstantShipEvent>): Promise<void> {
    if (event.type !== 'ParcelShipped') return;
    const shipped = event.data;
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
      context: requestContextOf(event, shipped.account_id),
      payload: { event_id: event.id, account_id: shipped.account_id, key_mode: requested?.key_mode, body },
    });
  }
}
