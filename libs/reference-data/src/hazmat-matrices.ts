import data from '../data/hazmat-matrices.json';
import { check, checkUnique, checkVersion, indexBy } from './data-file';

export const PACKING_GROUPS = ['I', 'II', 'III'] as const;
export type PackingGroup = (typeof PACKING_GROUPS)[number];

/** Compatibility groups of Class 1 (explosives); the letter I is not used. */
export const COMPATIBILITY_GROUPS = [
  'A',
  'B',
  'C',
  'D',
  'E',
  'F',
  'G',
  'H',
  'J',
  'K',
  'L',
  'N',
  'S',
] as const;
export type CompatibilityGroup = (typeof COMPATIBILITY_GROUPS)[number];

export interface HazmatMatrix {
  id: number;
  un_number: string;
  proper_shipping_name: string;
  /** Class or division, e.g. `3`, `2.1`, `1.4`. */
  hazard_class: string;
  /** Empty when the classification has no packing group (gases, explosives, some articles). */
  allowed_packing_groups: readonly PackingGroup[];
}

const FILE = 'hazmat-matrices.json';

export const HAZMAT_MATRICES_VERSION = checkVersion(FILE, data);

const isPackingGroup = (value: string): value is PackingGroup =>
  (PACKING_GROUPS as readonly string[]).includes(value);

export const HAZMAT_MATRICES: readonly HazmatMatrix[] = data.matrices.map((matrix) => {
  check(FILE, Number.isInteger(matrix.id) && matrix.id > 0, `bad id ${matrix.id}`);
  check(FILE, /^UN\d{4}$/.test(matrix.un_number), `${matrix.id}: bad un_number`);
  check(FILE, /^[1-9](\.[1-6])?$/.test(matrix.hazard_class), `${matrix.id}: bad hazard_class`);
  const groups: string[] = matrix.allowed_packing_groups;
  check(FILE, groups.every(isPackingGroup), `${matrix.id}: bad packing group`);
  return { ...matrix, allowed_packing_groups: groups.filter(isPackingGroup) };
});
checkUnique(FILE, HAZMAT_MATRICES, (matrix) => matrix.id);

const byId = indexBy(HAZMAT_MATRICES, (matrix) => matrix.id);

export function findHazmatMatrix(id: number): HazmatMatrix | undefined {
  return byId.get(id);
}

const CLASS_1 = /^1(?:\.([1-6]))?([A-HJKLNS])?$/;

/**
 * Class 1 explosives other than divisions 1.5 and 1.6 need a compatibility group. Accepts a
 * division with or without its group letter: `1.4` and `1.4S` are, `1.5D`, `1.6N` and `10` are not.
 */
export function isClass1Explosive(hazardClass: string): boolean {
  const match = CLASS_1.exec(hazardClass.trim().toUpperCase());
  if (!match) return false;
  const division = match[1];
  return division !== '5' && division !== '6';
}
