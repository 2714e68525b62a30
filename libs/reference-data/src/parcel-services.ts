import data from '../data/parcel-services.json';
import { carrierCan, CARRIERS, findCarrier } from './carriers';
import { check, checkUnique, checkVersion, indexBy } from './data-file';

/** One weight bracket of a rate card: the price of a piece weighing at most `max_weight_oz`. */
export interface RateBracket {
  max_weight_oz: number;
  price_cents: number;
}

export interface ParcelService {
  /** `<CARRIER>-<n>`, e.g. `USPS-1`. */
  code: string;
  carrier: string;
  name: string;
  /** Whether instant ship accepts the service (USPS-1 .. USPS-3). */
  instant_ship: boolean;
  /** International services ship between countries; the others stay within one. */
  international: boolean;
  /** Brackets by ascending weight in ounces; a heavier piece than the last bracket is refused. */
  rates: readonly RateBracket[];
}

export type ParcelWeightUnit = 'LBS' | 'KG';

const FILE = 'parcel-services.json';
const OUNCES_PER_POUND = 16;
const OUNCES_PER_KILOGRAM = 35.27396195;

export const PARCEL_SERVICES_VERSION = checkVersion(FILE, data);
check(FILE, data.rate_weight_unit === 'oz', 'rate_weight_unit must be "oz"');

export const PARCEL_SERVICES: readonly ParcelService[] = data.services;
checkUnique(FILE, PARCEL_SERVICES, (service) => service.code);
for (const service of PARCEL_SERVICES) {
  const carrier = findCarrier(service.carrier);
  check(FILE, carrier !== undefined, `${service.code}: unknown carrier ${service.carrier}`);
  check(
    FILE,
    new RegExp(`^${carrier?.service_prefix}-[1-9][0-9]*$`).test(service.code),
    `${service.code}: bad code`,
  );
  check(
    FILE,
    carrierCan(service.carrier, 'batch') || carrierCan(service.carrier, 'instant_ship'),
    `${service.code}: ${service.carrier} ships no parcels`,
  );
  check(
    FILE,
    !service.instant_ship || carrierCan(service.carrier, 'instant_ship'),
    `${service.code}: ${service.carrier} offers no instant ship`,
  );
  check(
    FILE,
    !service.international || carrierCan(service.carrier, 'international'),
    `${service.code}: ${service.carrier} does not ship between countries`,
  );
  check(FILE, service.rates.length > 0, `${service.code}: empty rate card`);
  service.rates.forEach((bracket, index) => {
    const previous = index === 0 ? 0 : service.rates[index - 1].max_weight_oz;
    check(FILE, bracket.max_weight_oz > previous, `${service.code}: brackets must ascend`);
    check(
      FILE,
      Number.isInteger(bracket.price_cents) && bracket.price_cents > 0,
      `${service.code}: bad price`,
    );
  });
}

const byCode = indexBy(PARCEL_SERVICES, (service) => service.code);

export function findParcelService(code: string): ParcelService | undefined {
  return byCode.get(code);
}

export function isInstantShipService(code: string): boolean {
  const service = byCode.get(code);
  return service?.instant_ship === true && carrierCan(service.carrier, 'instant_ship');
}

/** The services instant ship accepts, in the data file's order. */
export const INSTANT_SHIP_SERVICE_CODES: readonly string[] = PARCEL_SERVICES.filter((service) =>
  isInstantShipService(service.code),
).map((service) => service.code);

/** Whether batches may ship with the service: a parcel service of a carrier that ships batches. */
export function isBatchServiceCode(code: string): boolean {
  const service = byCode.get(code);
  return service !== undefined && carrierCan(service.carrier, 'batch');
}

/**
 * The carrier of a parcel service: its own, or for a code no longer in the data, the carrier whose
 * prefix it bears (`USPS-9` is usps's); a code of no known prefix answers its prefix in lowercase.
 */
export function carrierOfParcelService(code: string): string {
  const known = byCode.get(code)?.carrier;
  if (known !== undefined) return known;
  const prefix = code.split('-')[0];
  return CARRIERS.find((carrier) => carrier.service_prefix === prefix)?.code ?? prefix.toLowerCase();
}

export function weightInOunces(weight: number, unit: ParcelWeightUnit): number {
  return weight * (unit === 'KG' ? OUNCES_PER_KILOGRAM : OUNCES_PER_POUND);
}

/** Price of one piece in cents, or undefined when the service is unknown or the piece too heavy. */
export function parcelRateCents(code: string, weightOz: number): number | undefined {
  if (!(weightOz > 0)) return undefined;
  return byCode.get(code)?.rates.find((bracket) => weightOz <= bracket.max_weight_oz)?.price_cents;
}
