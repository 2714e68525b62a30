// The package's own entry registers all 80 of its languages as it loads; only English is used.
import { getAlpha2Codes, getName, registerLocale } from 'i18n-iso-countries/index';
import english from 'i18n-iso-countries/langs/en.json';

/** ISO 3166-1 alpha-2 codes, uppercase, as the i18n-iso-countries package knows them. */
export const COUNTRY_CODES: readonly string[] = Object.keys(getAlpha2Codes()).sort();

const known = new Set(COUNTRY_CODES);

/** Exactly two uppercase letters of an assigned code: `US` is one, `us`, `USA` and `840` are not. */
export function isCountryCode(code: unknown): code is string {
  return typeof code === 'string' && known.has(code);
}

/** The English short name of a country code (`GB` is `United Kingdom`), or undefined for an unknown code. */
export function countryName(code: string): string | undefined {
  if (!englishRegistered) {
    registerLocale(english);
    englishRegistered = true;
  }
  return getName(code, 'en');
}

let englishRegistered = false;
