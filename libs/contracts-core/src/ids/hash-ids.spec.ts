import { DECODED_IDS_KEPT, decodeHashId, encodeHashId } from './hash-ids';

describe('hash ids', () => {
  it('round-trips an integer of a kind', () => {
    const id = encodeHashId('batch', 42);
    expect(id.length).toBeGreaterThanOrEqual(8);
    expect(decodeHashId('batch', id)).toBe(42);
  });

  it('does not read one kind as another', () => {
    expect(decodeHashId('item', encodeHashId('batch', 42))).toBeUndefined();
    expect(encodeHashId('item', 42)).not.toBe(encodeHashId('batch', 42));
  });

  it.each([undefined, 42, '', 'not-a-hash', '🙂🙂🙂', 'x'.repeat(500)])(
    'refuses %p without throwing',
    (value) => {
      expect(decodeHashId('batch', value)).toBeUndefined();
    },
  );

  it('answers a repeated decode as the first, by kind', () => {
    const id = encodeHashId('batch', 7);
    expect(decodeHashId('batch', id)).toBe(7);
    expect(decodeHashId('batch', id)).toBe(7);
    expect(decodeHashId('item', id)).toBeUndefined();
    expect(decodeHashId('batch', id.toLowerCase())).toBeUndefined();
  });

  it('decodes right beyond the number of ids it keeps', () => {
    const values = Array.from({ length: DECODED_IDS_KEPT + 10 }, (_, index) => index + 1_000);
    const ids = values.map((value) => encodeHashId('item', value));
    for (const id of ids) decodeHashId('item', id);
    expect(ids.map((id) => decodeHashId('item', id))).toEqual(values);
  });
});
