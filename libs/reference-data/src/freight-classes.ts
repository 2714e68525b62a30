import data from '../data/freight-classes.json';
import { check, checkUnique, checkVersion } from './data-file';

const FILE = 'freight-classes.json';

export const FREIGHT_CLASSES_VERSION = checkVersion(FILE, data);

/** NMFC classes as strings (`77.5`), and `auto`: the class is calculated from the item. */
export const FREIGHT_CLASSES: readonly string[] = data.classes;
checkUnique(FILE, FREIGHT_CLASSES, (code) => code);

const known = new Set(FREIGHT_CLASSES);

export const DEFAULT_FREIGHT_CLASS: string = data.default;
check(FILE, known.has(DEFAULT_FREIGHT_CLASS), 'the default is not a freight class');

export function isFreightClass(code: unknown): code is string {
  return typeof code === 'string' && known.has(code);
}
