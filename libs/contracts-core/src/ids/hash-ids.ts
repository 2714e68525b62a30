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

/** The integer behind a hash id of that kind, or undefined for anything else (never throws). */
export function decodeHashId(kind: HashIdKind, hashId: unknown): number | undefined {
  if (typeof hashId !== 'string' || hashId.length > 64) return undefined;
  const numbers = sqids.decode(hashId);
  if (numbers.length !== 2 || numbers[0] !== KIND_CODES[kind]) return undefined;
  // Sqids decodes some strings that are not canonical encodings; accept only the canonical one.
  return encodeHashId(kind, numbers[1]) === hashId ? numbers[1] : undefined;
}
