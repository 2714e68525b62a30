import { getAlpha2Codes } from 'i18n-iso-countries';

/** ISO 3166-1 alpha-2 codes, uppercase, as the i18n-iso-countries package knows them. */
export const COUNTRY_CODES: readonly string[] = Object.keys(getAlpha2Codes()).sort();

const known = new Set(COUNTRY_CODES);

/** Exactly two uppercase letters of an assigned code: `US` is one, `us`, `USA` and `840` are not. */
export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && known.has(code);
}
