import { decodeHashId, encodeHashId } from './hash-ids';

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
});
