import { carrierOfParcelService, findParcelService } from '@shipping/reference-data';
import { formatCents } from '../money/money';
import type { WebhookShipmentBody } from './webhooks';

export interface ShippedParcel {
  shipment_order_id: number;
  tracking_number: string;
  price_cents: number;
  service: string;
  /** The shipment's packages as validated: their customs items go into package_details. */
  packages: readonly { items?: unknown[] | null }[];
  label_url: string;
}

/**
 * The interface's webhook body, the same for instant ship and for each completed batch item: one
 * label, so one tracking number for every package of the shipment.
 */
export function webhookShipmentBody(parcel: ShippedParcel): WebhookShipmentBody {
  const service = findParcelService(parcel.service);
  return {
    shipment_order_id: parcel.shipment_order_id,
    main_tracking_number: parcel.tracking_number,
    sub_tracking_numbers: [],
    package_details: parcel.packages.map((pkg) => ({
      tracking_number: parcel.tracking_number,
      items: pkg.items ?? [],
    })),
    final_price: formatCents(parcel.price_cents),
    carrier: carrierOfParcelService(parcel.service),
    service: service?.name ?? parcel.service,
    label: parcel.label_url,
  };
}
