import type { LabelShipment } from '@shipping/contracts';

export interface CarrierLabelRequest {
  /**
   * The batch item the label is for. Also the idempotency key: a carrier asked twice for one item
   * answers the first label (the sandbox derives everything from it; a real adapter sends it as
   * the carrier API's idempotency key), so a purchase retried after a crash buys nothing new.
   */
  item_id: string;
  service: string;
  shipment: LabelShipment;
}

export type CarrierLabel =
  { ok: true; tracking_number: string; label_pdf: Uint8Array } | { ok: false; reason: string };

/** Buys one label from a carrier. A refusal is an answer; a fault (carrier down) is thrown. */
export interface CarrierPort {
  purchase(request: CarrierLabelRequest): Promise<CarrierLabel>;
}

export const CARRIER_PORT = Symbol('CARRIER_PORT');
