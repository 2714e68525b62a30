import fc from 'fast-check';
import { canonicalJson, generalCanonicalJson } from './canonical-json';
import { keySortedCopy } from './key-sorted-copy';

/** Nested objects and arrays, strings of any UTF-16 units (lone surrogates too), doubles of every kind. */
const json = fc.jsonValue({ maxDepth: 6, stringUnit: 'binary' });
const dictionary = fc.dictionary(fc.string({ unit: 'binary' }), json, { maxKeys: 80 });

describe('canonicalJson', () => {
  it('writes the same text as the general RFC 8785 writer for any JSON value, through the sorted copy', () => {
    fc.assert(
      fc.property(fc.oneof(json, dictionary), (value) => {
        expect(canonicalJson(value)).toBe(generalCanonicalJson(value));
      }),
      { numRuns: 3_000, seed: 133 },
    );
  });

  it('takes the sorted copy for plain data, repeated shapes and shapes in another key order alike', () => {
    const shaped = (n: number) => ({ zip: `${n}`, city: 'Austin', lines: [{ b: n, a: -0 }], '€': 1e21 });
    const reordered = (n: number) => ({ city: 'Austin', '€': 1e21, lines: [{ a: -0, b: n }], zip: `${n}` });
    for (let n = 0; n < 3; n++) {
      for (const value of [shaped(n), reordered(n)]) {
        expect(keySortedCopy(value)).toBeDefined();
        expect(canonicalJson(value)).toBe(
          `{"city":"Austin","lines":[{"a":0,"b":${n}}],"zip":"${n}","€":1e+21}`,
        );
      }
    }
  });

  it('leaves to the general writer what a sorted copy would write otherwise, with the same text', () => {
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, n) => [`k${(n * 37) % 100}`, n]));
    let deep: unknown = 'bottom';
    for (let level = 0; level < 100; level++) deep = { level, next: deep };
    const cases: unknown[] = [
      { 10: 'ten', 9: 'nine', a: 1 },
      JSON.parse('{"b":1,"__proto__":{"x":1},"a":2}'),
      Object.assign(Object.create(null), { b: 1, a: 2 }),
      { at: new Date(Date.UTC(2026, 10, 28)), b: { toJSON: () => ({ z: 1, y: 2 }) } },
      { a: undefined, b: 1 },
      many,
      deep,
    ];
    for (const value of cases) expect(canonicalJson(value)).toBe(generalCanonicalJson(value));
    expect(canonicalJson(cases[0])).toBe('{"10":"ten","9":"nine","a":1}');
    expect(keySortedCopy(cases[0])).toBeUndefined();
    expect(keySortedCopy(many)).toBeDefined();
  });

  it('refuses what JSON cannot hold', () => {
    const cycle: Record<string, unknown> = { a: 1 };
    cycle['self'] = cycle;
    for (const value of [{ a: Number.NaN }, { a: Infinity }, { a: 1n }, [() => 1], cycle])
      expect(() => canonicalJson(value)).toThrow();
  });
});
