import { configure } from 'safe-stable-stringify';
import { keySortedCopy } from './key-sorted-copy';

/** The general writer: every value safe-stable-stringify covers, strictly. */
export const generalCanonicalJson: (value: unknown) => string | undefined = configure({
  deterministic: true,
  strict: true,
});

/**
 * RFC 8785 (JCS) text of a JSON value: keys sorted by UTF-16 code units, no whitespace, strings
 * and numbers written as ECMAScript's JSON.stringify writes them, which is what RFC 8785 specifies.
 * Strict: NaN, Infinity, bigint, functions and cycles throw instead of being written. Plain data
 * (what events hold) is copied with sorted keys and written by JSON.stringify, in one flat string;
 * anything else goes through the general writer, which gives the same text.
 */
export function canonicalJson(value: unknown): string | undefined {
  const sorted = keySortedCopy(value);
  return sorted === undefined ? generalCanonicalJson(value) : JSON.stringify(sorted);
}
