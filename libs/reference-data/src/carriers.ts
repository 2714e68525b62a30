import data from '../data/carriers.json';
import { checkUnique, checkVersion, indexBy } from './data-file';

export interface Carrier {
  /** Lowercase code used on the wire (`carrier` of pickups). */
  code: string;
  name: string;
  /** Uppercase part of service codes: `PICKUP-<service_prefix>-<n>`, `<service_prefix>-<n>`. */
  service_prefix: string;
}

const FILE = 'carriers.json';

export const CARRIERS_VERSION = checkVersion(FILE, data);

/** In the order the interface lists them (<carrier_code_1> .. <carrier_code_4>). */
export const CARRIERS: readonly Carrier[] = data.carriers;
checkUnique(FILE, CARRIERS, (carrier) => carrier.code);

export const CARRIER_CODES: readonly string[] = CARRIERS.map((carrier) => carrier.code);

const byCode = indexBy(CARRIERS, (carrier) => carrier.code);

export function findCarrier(code: string): Carrier | undefined {
  return byCode.get(code);
}

export function isCarrierCode(code: unknown): code is string {
  return typeof code === 'string' && byCode.has(code);
}
