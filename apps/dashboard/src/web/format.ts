/** Display forms of API values (no DOM, so they are unit-tested). */
import carrierData from '@shipping/reference-data/data/carriers.json';

/** The carriers' names as the reference data has them: the file is bundled, not the library. */
const CARRIER_NAMES = new Map(carrierData.carriers.map((carrier) => [carrier.code, carrier.name]));

export const carrierName = (code: string) => CARRIER_NAMES.get(code) ?? code.toUpperCase();

export const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `"40%"` -> 40; anything else -> 0. */
export function percentValue(percentage: string): number {
  const match = /^(\d{1,3})%$/.exec(percentage);
  return match ? Math.min(Number(match[1]), 100) : 0;
}

export const timeWindow = (from: string | null, to: string | null) => (from && to ? `${from}–${to}` : '—');

/** "Orders 21–40" for a page that holds rows, "No rows" otherwise. */
export function rowRange(noun: string, page: { from: number | null; to: number | null }): string {
  return page.from === null || page.to === null
    ? `No ${noun.toLowerCase()}`
    : `${noun} ${page.from}–${page.to}`;
}

/** `2026-12-01 15:04 UTC`: the same reading in every locale, like the API's dates. */
export const dateTimeText = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const utc = date.toISOString();
  return `${utc.slice(0, 10)} ${utc.slice(11, 16)} UTC`;
};

/** What a webhook delivery's last attempt came back with: an HTTP status, or why no answer came. */
export function attemptOutcome(
  attempt: { status_code: number | null; error: string | null } | undefined,
): string {
  if (!attempt) return 'Not tried yet';
  return attempt.status_code === null ? (attempt.error ?? 'No answer') : `HTTP ${attempt.status_code}`;
}

/** `"100000.00"` -> `"$100,000.00"`; the API's decimal string, grouped, without going through a float. */
export function moneyText(amount: string): string {
  const match = /^(-?)(\d+)\.(\d\d)$/.exec(amount);
  if (!match) return amount;
  const grouped = match[2].replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${match[1]}$${grouped}.${match[3]}`;
}
