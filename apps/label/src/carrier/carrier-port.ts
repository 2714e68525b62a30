import type { LabelShipment } from '@shipping/contracts';

export interface CarrierLabelRequest {
  /** The batch item (or instant shipment) the label is for; it names the label file. */
  item_id: string;
  /**
   * Sent as the carrier API's idempotency key: a carrier asked again with the same key answers
   * the label it sold the first time and charges nothing more. The label app keeps one key per
   * item from before its first call until the label is recorded, so a purchase repeated after a
   * crash, a timeout or by another instance is a repeat, never a second label.
   */
  idempotency_key: string;
  service: string;
  shipment: LabelShipment;
}

/** What a carrier charged for a label, as it said it: USPS's postage, SKU and zone. */
export interface CarrierCharge {
  postage_cents: number;
  sku: string;
  zone: string;
}

export type CarrierLabel =
  | { ok: true; tracking_number: string; label_pdf: Uint8Array; charge?: CarrierCharge }
  | { ok: false; reason: string };

/** Buys one label from a carrier. A refusal is an answer; a fault (carrier down) is thrown. */
export interface CarrierPort {
  purchase(request: CarrierLabelRequest): Promise<CarrierLabel>;
}

export const CARRIER_PORT = Symbol('CARRIER_PORT');
