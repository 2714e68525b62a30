/** Value tests shared by the field decorators; none of them coerces (`"12"` is not a number). */

export const isString = (value: unknown): value is string => typeof value === 'string';

export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Laravel's `required`: missing, null and a blank string are absent. */
export const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** For list fields an empty array is absent too; elsewhere `[]` is a value of the wrong type. */
export const isBlankList = (value: unknown): boolean =>
  isBlank(value) || (Array.isArray(value) && value.length === 0);

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `Y-m-d` naming a real calendar day: `2026-02-30` and `2026-13-01` are refused. */
export function isDateYmd(value: unknown): value is string {
  const match = isString(value) ? DATE.exec(value) : null;
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `H:i`: two-digit hours 00-23 and minutes 00-59. */
export const isTimeHi = (value: unknown): value is string =>
  isString(value) && /^([01]\d|2[0-3]):[0-5]\d$/.test(value);

export const isDigitsBetween = (value: unknown, min: number, max: number): value is string =>
  isString(value) && new RegExp(`^\\d{${min},${max}}$`).test(value);

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Text without NUL characters or lone surrogates: what a store can keep and a parser can read. */
export const isWellFormed = (value: string): boolean =>
  !value.includes('\u0000') && !LONE_SURROGATE.test(value);
