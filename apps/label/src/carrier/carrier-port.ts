import type { LabelAddress, LabelShipment } from '@shipping/contracts';

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

export type CarrierLabel =
  { ok: true; tracking_number: string; label_pdf: Uint8Array } | { ok: false; reason: string };

export interface CarrierQuoteRequest {
  service: string;
  shipment: LabelShipment;
}

/** The carrier's price of a label, in integer cents. */
export type CarrierQuote = { ok: true; price_cents: number } | { ok: false; reason: string };

export interface CarrierVoidRequest {
  /** The label's tracking number, as the carrier answered it when it sold the label. */
  tracking_number: string;
  idempotency_key: string;
}

/** A voided label is refunded by the carrier; voiding it again answers ok again. */
export type CarrierVoid = { ok: true } | { ok: false; reason: string };

export interface CarrierPickupPiece {
  service: string;
  quantity: number;
  /** Pounds. */
  weight: number;
  container_type?: string | null;
  destination_country_code?: string | null;
}

/** A pickup as the interface validated it for the carrier (its capabilities say what is set). */
export interface CarrierPickupRequest {
  idempotency_key: string;
  from_address: LabelAddress;
  pickup_date: string | null;
  ready_time: string | null;
  close_time: string | null;
  pieces: CarrierPickupPiece[];
}

export type CarrierPickup = { ok: true; confirmation: string } | { ok: false; reason: string };

export interface CarrierPickupCancellation {
  confirmation: string;
  idempotency_key: string;
}

/**
 * What one carrier offers. Buying a label is what every adapter does; the rest is offered where
 * the carrier offers it (an adapter without `schedulePickup` schedules none). A refusal is an
 * answer; a fault (carrier down, timeout, 5xx) is thrown.
 */
export interface CarrierPort {
  purchase(request: CarrierLabelRequest): Promise<CarrierLabel>;
  quote?(request: CarrierQuoteRequest): Promise<CarrierQuote>;
  voidLabel?(request: CarrierVoidRequest): Promise<CarrierVoid>;
  schedulePickup?(request: CarrierPickupRequest): Promise<CarrierPickup>;
  cancelPickup?(request: CarrierPickupCancellation): Promise<CarrierVoid>;
}

/** The port's optional operations, by name. */
export type CarrierOperation = Exclude<keyof CarrierPort, 'purchase'>;

/** Whether the adapter offers the operation: `offers(adapter, 'voidLabel')`. */
export function offers<O extends CarrierOperation>(
  adapter: CarrierPort,
  operation: O,
): adapter is CarrierPort & Required<Pick<CarrierPort, O>> {
  return typeof adapter[operation] === 'function';
}
