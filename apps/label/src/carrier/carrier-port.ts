import type { LabelAddress, LabelShipment } from '@shipping/contracts';

export interface CarrierLabelRequest {
  /** The batch item (or instant shipment) the label is for; it names the label file. */
  item_id: string;
  /**
   * Sent as the carrier API's idempotency key: a carrier asked again with the same key answers
   * the label it sold the first time and charges nothing more. The label app keeps one key per
   * item from before its first call until the label is recorded, so a purchase repeated after a
   * crash, a timeout or by another instance is a repeat, never a second label. A carrier that
   * ignores it (`idempotencyKeys: 'ignored'`) is never asked again once its answer is lost.
   */
  idempotency_key: string;
  service: string;
  shipment: LabelShipment;
}

/** What a carrier charged for a label, as it said it: USPS's postage, SKU and zone (or price group abroad). */
export interface CarrierCharge {
  postage_cents: number;
  sku: string;
  zone?: string;
  price_group?: string;
}

export type CarrierLabel =
  | { ok: true; tracking_number: string; label_pdf: Uint8Array; charge?: CarrierCharge }
  | { ok: false; reason: string };

/** A carrier's answer: what it did, or why it refused (a refusal is an answer, not a fault). */
export type Refusable<T extends object = object> = ({ ok: true } & T) | { ok: false; reason: string };

export interface CarrierQuoteRequest {
  service: string;
  shipment: LabelShipment;
}

/** The carrier's price of a label, in integer cents. */
export type CarrierQuote = Refusable<{ price_cents: number }>;

/** A pickup the interface validated for the carrier (its capabilities say what is set). */
export interface CarrierPickupRequest {
  /** `Y-m-d`. */
  date: string;
  address: LabelAddress;
  /** Pieces by service code: a pickup service (`PICKUP-USPS-1`) or a parcel service (`USPS-1`). */
  pieces: { service: string; count: number }[];
  estimated_weight_lbs: number;
  /** A home rather than a business: where the driver looks for the pieces when `location` is unset. */
  residential?: boolean;
  /** Where the driver finds the pieces, in the carrier's words (e.g. `FRONT_DOOR`). */
  location?: string;
  instructions?: string;
}

/**
 * The carrier's confirmation number; null when no carrier took the pickup (the sandbox serving a
 * shipper without credentials outside production).
 */
export type CarrierPickup = Refusable<{ confirmation_number: string | null }>;

/**
 * What one carrier offers. Buying a label is what every adapter does; the rest is offered where
 * the carrier offers it (an adapter without `schedulePickup` schedules none). A refusal is an
 * answer; a fault (carrier down, timeout, 429, 5xx) is thrown for the caller to retry.
 */
export interface CarrierPort {
  /**
   * Whether the carrier answers a purchase repeated under one idempotency key with the label it
   * sold the first time (`honoured`), or sells another (`ignored`): a purchase of an `ignored`
   * carrier whose outcome is unknown is never asked again (decision 0102).
   */
  readonly idempotencyKeys: IdempotencyKeys;
  /**
   * The carrier sells one label per piece (USPS): a shipment of several pieces is bought piece by
   * piece and the labels merged in package_list order (decision 0111). Unset: one label a shipment.
   */
  readonly labelPerPiece?: boolean;
  purchase(request: CarrierLabelRequest): Promise<CarrierLabel>;
  quote?(request: CarrierQuoteRequest): Promise<CarrierQuote>;
  /** Voids a label it sold, by its tracking number; the carrier refunds it. */
  cancel?(trackingNumber: string): Promise<Refusable>;
  schedulePickup?(pickup: CarrierPickupRequest): Promise<CarrierPickup>;
  cancelPickup?(confirmationNumber: string): Promise<Refusable>;
}

export type IdempotencyKeys = 'honoured' | 'ignored';

/** The port's optional operations, by name. */
export type CarrierOperation = Exclude<keyof CarrierPort, 'purchase'>;

/** Whether the adapter offers the operation: `offers(adapter, 'cancel')`. */
export function offers<O extends CarrierOperation>(
  adapter: CarrierPort,
  operation: O,
): adapter is CarrierPort & Required<Pick<CarrierPort, O>> {
  return typeof adapter[operation] === 'function';
}

/** The adapter the CarrierRegistry falls back on: the sandbox carrier (tests may put another). */
export const CARRIER_PORT = Symbol('CARRIER_PORT');
