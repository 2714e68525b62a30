export const OrderPatterns = {
  saveFreightOrder: 'order.freight.save',
  saveParcelOrder: 'order.parcel.save',
  listOpenOrders: 'order.open-orders.list',
} as const;

export interface SavedOrder {
  shipment_order_id: number;
  created: boolean;
}

export const InstantShipPatterns = {
  ship: 'order.instant-ship',
} as const;

export interface ShipmentDocument {
  format: 'pdf';
  /** The document, base64-encoded. */
  content: string;
}

/** An instant ship's outcome; the gateway turns the label key into a signed label URL. */
export interface InstantShipment {
  shipment_order_id: number;
  main_tracking_number: string;
  label_key: string;
  documents: ShipmentDocument[];
}

export const INSTANT_SHIP_UNAVAILABLE_MESSAGE =
  'Instant ship is temporarily unavailable because of a carrier-side issue. Please try again later.';
export const INSTANT_SHIP_SHIPPER_MESSAGE =
  'The shipper was not found or does not meet the instant ship requirements.';
