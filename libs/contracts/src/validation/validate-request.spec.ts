import type { FieldErrors } from '@shipping/contracts-core';
import type { HasCrossFieldRules } from './cross-field-rules';
import { ListField, ObjectField } from './nested-fields';
import { BooleanField, IntegerField, StringField } from './scalar-fields';
import { validateRequest } from './validate-request';

class Leaf implements HasCrossFieldRules {
  @StringField()
  code!: string;

  @IntegerField({ min: 1 })
  n!: number;

  crossFieldErrors(): FieldErrors {
    return this.code === 'twin' ? { n: ['The :attribute must differ from its twin.'] } : {};
  }
}

class Probe implements HasCrossFieldRules {
  @StringField()
  title!: string;

  @IntegerField({ presence: 'optional' })
  count?: number | null;

  @BooleanField({ presence: 'defaulted' })
  flag = false;

  @ObjectField(() => Leaf)
  leaf!: Leaf;

  @ListField(() => Leaf, { max: 3, presence: 'optional' })
  leaves?: Leaf[];

  @StringField({ presence: 'optional' })
  note?: string | null;

  crossFieldErrors(): FieldErrors {
    return this.title === 'cross'
      ? { 'leaf.code': ['The :attribute is crossed.'], note: ['The :attribute is needed.'] }
      : {};
  }
}

const probe = (): Record<string, unknown> => ({ title: 'T', leaf: { code: 'a', n: 1 } });

const errorsOf = (body: unknown, maxDepth?: number): FieldErrors => {
  const result = validateRequest(Probe, body, { maxDepth });
  return result.ok ? {} : result.errors;
};

const deep = (depth: number): unknown => {
  let value: unknown = 'x';
  for (let level = 0; level < depth; level += 1) value = { x: [value] };
  return value;
};

describe('validateRequest', () => {
  describe('given a body that is no JSON object', () => {
    it.each([null, undefined, [], [probe()], 'text', 42, true])('refuses %p with a body error', (body) => {
      expect(validateRequest(Probe, body)).toEqual({
        ok: false,
        errors: { body: ['The request body must be a JSON object.'] },
      });
    });
  });

  describe('given a valid body', () => {
    it('answers a DTO instance with nested instances and defaults', () => {
      const result = validateRequest(Probe, probe());
      expect(result.ok).toBe(true);
      const value = result.ok ? result.value : undefined;
      expect(value).toBeInstanceOf(Probe);
      expect(value?.leaf).toBeInstanceOf(Leaf);
      expect(value?.flag).toBe(false);
    });

    it('drops unknown fields, nested ones too', () => {
      const result = validateRequest(Probe, { ...probe(), extra: 1, leaf: { code: 'a', n: 1, secret: 'x' } });
      expect(JSON.parse(JSON.stringify(result))).toEqual({
        ok: true,
        value: { title: 'T', flag: false, leaf: { code: 'a', n: 1 } },
      });
    });

    it('accepts unicode and a string of exactly the maximum length', () => {
      expect(errorsOf({ ...probe(), title: '📦 Ünïcödé 東京', note: 'é'.repeat(255) })).toEqual({});
    });

    it('accepts null for an optional field', () => {
      expect(errorsOf({ ...probe(), count: null, note: null })).toEqual({});
    });
  });

  describe('given values of the wrong type, nothing is coerced', () => {
    it.each([
      ['title', 12, 'The title must be a string.'],
      ['count', '12', 'The count must be an integer.'],
      ['count', 1.5, 'The count must be an integer.'],
      ['flag', 'true', 'The flag field must be true or false.'],
      ['flag', 1, 'The flag field must be true or false.'],
      ['flag', null, 'The flag field must be true or false.'],
      ['title', null, 'The title field is required.'],
      ['title', '   ', 'The title field is required.'],
      ['leaf', 'a', 'The leaf must be an object.'],
      ['leaf', [{ code: 'a', n: 1 }], 'The leaf must be an object.'],
      ['leaf', null, 'The leaf field is required.'],
      ['leaves', { 0: { code: 'a', n: 1 } }, 'The leaves must be an array.'],
      ['leaves', 'a', 'The leaves must be an array.'],
    ])('refuses %s = %p', (field, value, message) => {
      expect(errorsOf({ ...probe(), [field]: value })).toEqual({ [field]: [message] });
    });

    it('reports nested fields at their dotted path', () => {
      expect(errorsOf({ ...probe(), leaf: { code: 5, n: '1' } })).toEqual({
        'leaf.code': ['The leaf.code must be a string.'],
        'leaf.n': ['The leaf.n must be an integer.'],
      });
    });

    it('reports each list element that is not an object at its index', () => {
      expect(
        errorsOf({ ...probe(), leaves: ['x', [{ code: 'a', n: 1 }], null, { code: 'a', n: 0 }] }),
      ).toEqual({
        leaves: ['The leaves must not have more than 3 items.'],
      });
      expect(errorsOf({ ...probe(), leaves: ['x', [{ code: 'a', n: 1 }], null] })).toEqual({
        'leaves.0': ['The leaves.0 must be an object.'],
        'leaves.1': ['The leaves.1 must be an object.'],
        'leaves.2': ['The leaves.2 must be an object.'],
      });
      expect(errorsOf({ ...probe(), leaves: [[]] })).toEqual({
        'leaves.0': ['The leaves.0 must be an object.'],
      });
    });

    it('gives one message per field, the first rule that fails', () => {
      expect(errorsOf({ ...probe(), leaf: { code: 'a', n: 0 } })).toEqual({
        'leaf.n': ['The leaf.n must be at least 1.'],
      });
    });
  });

  describe('cross-field rules', () => {
    it('are collected from every object of the tree, with paths from the root', () => {
      expect(
        errorsOf({
          ...probe(),
          title: 'cross',
          leaves: [
            { code: 'a', n: 1 },
            { code: 'twin', n: 2 },
          ],
        }),
      ).toEqual({
        'leaf.code': ['The leaf.code is crossed.'],
        note: ['The note is needed.'],
        'leaves.1.n': ['The leaves.1.n must differ from its twin.'],
      });
    });

    it('run when other fields fail, and add nothing to a field that failed its own rules', () => {
      expect(errorsOf({ ...probe(), title: 'cross', leaf: { code: 7, n: 1 }, count: 'x' })).toEqual({
        count: ['The count must be an integer.'],
        'leaf.code': ['The leaf.code must be a string.'],
        note: ['The note is needed.'],
      });
    });
  });

  describe('given hostile values', () => {
    it('answers field errors for junk nested a hundred thousand levels deep inside known fields', () => {
      expect(
        errorsOf({
          ...probe(),
          leaf: { code: deep(100_000), n: 1 },
          leaves: deep(100_000),
          junk: deep(100_000),
        }),
      ).toEqual({
        'leaf.code': ['The leaf.code must be a string.'],
        leaves: ['The leaves must be an array.'],
      });
    });

    it('refuses a ten-thousand-element list by its size alone', () => {
      expect(errorsOf({ ...probe(), leaves: new Array(10_000).fill({ code: 1 }) })).toEqual({
        leaves: ['The leaves must not have more than 3 items.'],
      });
    });

    it('refuses a very long string by its length', () => {
      expect(errorsOf({ ...probe(), title: 'x'.repeat(1_000_000) })).toEqual({
        title: ['The title must not be greater than 255 characters.'],
      });
    });

    it('ignores keys named after prototype members and methods', () => {
      const body = JSON.parse(
        '{"__proto__": {"title": 5}, "constructor": 1, "toString": 2, "crossFieldErrors": 3}',
      ) as object;
      expect(errorsOf({ ...body, ...probe() })).toEqual({});
      expect(errorsOf({ ...probe(), title: 'cross', crossFieldErrors: 'x' })).toHaveProperty('note');
    });

    it('empties containers deeper than maxDepth', () => {
      expect(errorsOf(probe(), 1)).toEqual({
        'leaf.code': ['The leaf.code field is required.'],
        'leaf.n': ['The leaf.n field is required.'],
      });
    });
  });

  it('answers field errors, never throws, for values that hold constructor, prototype or __proto__ keys', () => {
    const body = JSON.parse(
      '{"code":{"constructor":{"id":1}},"n":{"prototype":[]},"leaf":{"__proto__":{"x":1},"constructor":"x"}}',
    );
    expect(() => validateRequest(Leaf, body)).not.toThrow();
    const result = validateRequest(Leaf, body);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.errors).sort()).toEqual(['code', 'n']);
  });
});
