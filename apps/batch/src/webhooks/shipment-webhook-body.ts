import { decodeHashId, type WebhookShipmentBody, webhookShipmentBody } from '@shipping/contracts';

export interface CompletedItem {
  item_id: string;
  tracking_number: string;
  price_cents: number;
}

interface ValidatedShipment {
  package_list?: { items?: unknown[] | null }[];
}

/** A completed batch item is a shipment order whose integer id is the one behind the item's hash id. */
export function shipmentWebhookBody(
  item: CompletedItem,
  service: string,
  shipment: unknown,
  labelUrl: string,
): WebhookShipmentBody {
  return webhookShipmentBody({
    shipment_order_id: decodeHashId('item', item.item_id) ?? 0,
    tracking_number: item.tracking_number,
    price_cents: item.price_cents,
    service,
    packages: (shipment as ValidatedShipment | undefined)?.package_list ?? [],
    label_url: labelUrl,
  });
}
