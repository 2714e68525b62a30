import { decodeHashId, formatCents, type WebhookShipmentBody } from '@shipping/contracts';
import { findParcelService } from '@shipping/reference-data';

export interface CompletedItem {
  item_id: string;
  tracking_number: string;
  price_cents: number;
}

interface ValidatedShipment {
  package_list?: { items?: unknown[] | null }[];
}

/**
 * The interface's webhook body for one completed batch item: the item is a shipment order whose
 * integer id is the one behind the item's hash id; one label, so one tracking number for every
 * package of it.
 */
export function shipmentWebhookBody(item: CompletedItem, service: string, shipment: unknown, labelUrl: string): WebhookShipmentBody {
  const parcel = findParcelService(service);
  const packages = (shipment as ValidatedShipment | undefined)?.package_list ?? [];
  return {
    shipment_order_id: decodeHashId('item', item.item_id) ?? 0,
    main_tracking_number: item.tracking_number,
    sub_tracking_numbers: [],
    package_details: packages.map((pkg) => ({ tracking_number: item.tracking_number, items: pkg.items ?? [] })),
    final_price: formatCents(item.price_cents),
    carrier: parcel?.carrier ?? 'usps',
    service: parcel?.name ?? service,
    label: labelUrl,
  };
}
