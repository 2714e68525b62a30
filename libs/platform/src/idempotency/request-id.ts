import { createHash } from 'node:crypto';

/**
 * The id of what one request makes, derived from what names the request (its account, caller and
 * Idempotency-Key): every attempt of it, on any instance, names the same thing, so a store that
 * dedupes by id does it once. A UUID in form (version 8, RFC 9562), so it fits where one went.
 */
export function idOfRequest(...parts: string[]): string {
  const hex = createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  const variant = ((parseInt(hex[16], 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
