import Sqids from 'sqids';

/**
 * Public hash ids of internal integers. The kind is encoded with the number so a batch id can
 * never be read as an item id. The alphabet is a fixed shuffle: changing it changes every id.
 */
const sqids = new Sqids({
  alphabet: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt',
  minLength: 8,
});

export type HashIdKind = 'batch' | 'item' | 'shipper';

const KIND_CODES: Record<HashIdKind, number> = { batch: 1, item: 2, shipper: 3 };

export function encodeHashId(kind: HashIdKind, value: number): string {
  return sqids.encode([KIND_CODES[kind], value]);
}

/**
 * Ids decoded lately, by kind and id. Decoding checks the id against its canonical encoding,
 * which scans Sqids' blocklist: tens of microseconds that every read of a batch by its id paid.
 */
const decodedIds = new Map<string, number>();
export const DECODED_IDS_KEPT = 10_000;

/** The integer behind a hash id of that kind, or undefined for anything else (never throws). */
export function decodeHashId(kind: HashIdKind, hashId: unknown): number | undefined {
  if (typeof hashId !== 'string' || hashId.length > 64) return undefined;
  const key = `${kind}:${hashId}`;
  const kept = decodedIds.get(key);
  if (kept !== undefined) return kept;
  const decoded = decodeCanonical(kind, hashId);
  if (decoded === undefined) return undefined;
  if (decodedIds.size >= DECODED_IDS_KEPT) decodedIds.delete(decodedIds.keys().next().value as string);
  decodedIds.set(key, decoded);
  return decoded;
}

function decodeCanonical(kind: HashIdKind, hashId: string): number | undefined {
  const numbers = sqids.decode(hashId);
  if (numbers.length !== 2 || numbers[0] !== KIND_CODES[kind]) return undefined;
  // Sqids decodes some strings that are not canonical encodings; accept only the canonical one.
  return encodeHashId(kind, numbers[1]) === hashId ? numbers[1] : undefined;
}
