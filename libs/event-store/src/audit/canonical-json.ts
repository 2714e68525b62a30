import { configure } from 'safe-stable-stringify';

/**
 * RFC 8785 (JCS) text of a JSON value: keys sorted by UTF-16 code units, no whitespace, strings
 * and numbers written as ECMAScript's JSON.stringify writes them, which is what RFC 8785 specifies.
 * Strict: NaN, Infinity, bigint, functions and cycles throw instead of being written.
 */
export const canonicalJson: (value: unknown) => string | undefined = configure({
  deterministic: true,
  strict: true,
});
