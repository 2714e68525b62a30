import data from '../data/freight-package-types.json';
import { check, checkUnique, checkVersion, indexBy } from './data-file';

export interface FreightPackageType {
  code: string;
  name: string;
  /** Inches; when set, an item's length is overwritten with it whatever the caller sent. */
  forced_length: number | null;
  /** Inches; when set, an item's width is overwritten with it whatever the caller sent. */
  forced_width: number | null;
}

const FILE = 'freight-package-types.json';

export const FREIGHT_PACKAGE_TYPES_VERSION = checkVersion(FILE, data);

export const FREIGHT_PACKAGE_TYPES: readonly FreightPackageType[] = data.package_types;
checkUnique(FILE, FREIGHT_PACKAGE_TYPES, (type) => type.code);

const byCode = indexBy(FREIGHT_PACKAGE_TYPES, (type) => type.code);

export const DEFAULT_FREIGHT_PACKAGE_TYPE: string = data.default;
check(FILE, byCode.has(DEFAULT_FREIGHT_PACKAGE_TYPE), 'the default is not a package type');

export function findFreightPackageType(code: string): FreightPackageType | undefined {
  return byCode.get(code);
}

export function isFreightPackageType(code: unknown): code is string {
  return typeof code === 'string' && byCode.has(code);
}
