import type { Env } from '@shipping/platform/config';

/** USPS's production APIs; https://apis-tem.usps.com is its test environment. */
export const USPS_PRODUCTION_URL = 'https://apis.usps.com';

export const USPS_API_URL = Symbol('USPS_API_URL');

/** USPS_API_URL: where USPS's APIs are asked (its test environment, or a mock in specs). */
export function readUspsApiUrl(env: Env = process.env): string {
  const raw = env['USPS_API_URL']?.trim() || USPS_PRODUCTION_URL;
  let url: URL | undefined;
  try {
    url = new URL(raw);
  } catch {
    url = undefined;
  }
  if (!url || !['http:', 'https:'].includes(url.protocol))
    throw new Error(
      `Invalid environment variable USPS_API_URL=${JSON.stringify(raw)}: expected an http(s) URL.`,
    );
  return raw.replace(/\/$/, '');
}
