import data from '../data/pickup-services.json';
import { carrierCan, carriersWith, findCarrier } from './carriers';
import { check, checkUnique, checkVersion, indexBy } from './data-file';

export interface PickupService {
  /** `PICKUP-<CARRIER>-<n>`, e.g. `PICKUP-FEDEX-1`. */
  code: string;
  carrier: string;
  /** Readable name, answered as `readable_service`. */
  name: string;
  /** The service the pickup service chooses itself when a piece is sent with `is_gfp` true. */
  ground_freight: boolean;
}

/**
 * What a pickup costs with one carrier, in integer cents. The intended quote:
 * base = base_price_cents + per_pound_cents * total pounds + per_piece_cents * pieces
 *        (+ residential_fee_cents when the pickup address is residential);
 * fuel = base * fuel_surcharge_bps / 10000, rounded half up; final = base + fuel.
 */
export interface PickupRateCard {
  carrier: string;
  base_price_cents: number;
  /** Basis points: 1850 is 18.5 %. */
  fuel_surcharge_bps: number;
  residential_fee_cents: number;
  per_pound_cents: number;
  per_piece_cents: number;
}

const FILE = 'pickup-services.json';

export const PICKUP_SERVICES_VERSION = checkVersion(FILE, data);

export const PICKUP_SERVICES: readonly PickupService[] = data.services;
export const PICKUP_RATE_CARDS: readonly PickupRateCard[] = data.rate_cards;

checkUnique(FILE, PICKUP_SERVICES, (service) => service.code);
checkUnique(FILE, PICKUP_RATE_CARDS, (card) => card.carrier);
for (const service of PICKUP_SERVICES) {
  const prefix = findCarrier(service.carrier)?.service_prefix;
  check(
    FILE,
    new RegExp(`^PICKUP-${prefix}-[1-9][0-9]*$`).test(service.code),
    `${service.code}: bad code or carrier`,
  );
  check(FILE, carrierCan(service.carrier, 'pickup'), `${service.code}: ${service.carrier} takes no pickups`);
}
for (const carrier of carriersWith('pickup')) {
  check(
    FILE,
    PICKUP_SERVICES.some((service) => service.carrier === carrier),
    `no pickup service for ${carrier}`,
  );
  check(
    FILE,
    PICKUP_RATE_CARDS.some((card) => card.carrier === carrier),
    `no rate card for ${carrier}`,
  );
}
for (const card of PICKUP_RATE_CARDS) {
  const amounts = [
    card.base_price_cents,
    card.fuel_surcharge_bps,
    card.residential_fee_cents,
    card.per_pound_cents,
    card.per_piece_cents,
  ];
  check(
    FILE,
    amounts.every((amount) => Number.isInteger(amount) && amount >= 0),
    `${card.carrier}: amounts must be integers >= 0`,
  );
}

const byCode = indexBy(PICKUP_SERVICES, (service) => service.code);
const cardByCarrier = indexBy(PICKUP_RATE_CARDS, (card) => card.carrier);

export function findPickupService(code: string): PickupService | undefined {
  return byCode.get(code);
}

export function pickupServicesOf(carrier: string): readonly PickupService[] {
  return PICKUP_SERVICES.filter((service) => service.carrier === carrier);
}

export function groundFreightPickupService(carrier: string): PickupService | undefined {
  return PICKUP_SERVICES.find((service) => service.carrier === carrier && service.ground_freight);
}

export function findPickupRateCard(carrier: string): PickupRateCard | undefined {
  return cardByCarrier.get(carrier);
}
