import data from '../data/box-types.json';
import { isCarrierCode } from './carriers';
import { check, checkUnique, checkVersion, indexBy } from './data-file';

export interface BoxType {
  code: string;
  name: string;
  /** The carrier whose packaging it is; null for the caller's own packaging. */
  carrier: string | null;
}

const FILE = 'box-types.json';

export const BOX_TYPES_VERSION = checkVersion(FILE, data);

export const BOX_TYPES: readonly BoxType[] = data.box_types;
checkUnique(FILE, BOX_TYPES, (box) => box.code);
for (const box of BOX_TYPES) {
  check(FILE, box.carrier === null || isCarrierCode(box.carrier), `${box.code}: unknown carrier`);
}

const byCode = indexBy(BOX_TYPES, (box) => box.code);

export function findBoxType(code: string): BoxType | undefined {
  return byCode.get(code);
}

export function isBoxType(code: unknown): code is string {
  return typeof code === 'string' && byCode.has(code);
}
