import { limitDepth } from './limit-depth';

const nested = (depth: number, leaf: unknown = 'leaf'): unknown => {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = [value];
  return value;
};

describe('limitDepth', () => {
  it('copies a body within the limit unchanged', () => {
    const body = { a: [{ b: { c: [1, 'x', null, true] } }], d: 'é', e: 0 };
    expect(limitDepth(body, 16)).toEqual(body);
  });

  it('does not touch the caller’s body', () => {
    const body = { a: nested(5) };
    const copy = limitDepth(body, 2) as { a: unknown };
    expect(copy.a).toEqual([[]]);
    expect(body.a).toEqual(nested(5));
  });

  it('empties containers more than maxDepth levels deep (the body is level 1), keeping their kind', () => {
    expect(limitDepth({ a: { b: { c: 1 } }, l: [[1]] }, 2)).toEqual({ a: { b: {} }, l: [[]] });
  });

  it('survives a body nested two hundred thousand levels deep', () => {
    expect(limitDepth({ a: nested(200_000) }, 3)).toEqual({ a: [[[]]] });
  });

  it('does not copy __proto__ keys', () => {
    const body = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as object;
    const copy = limitDepth(body, 4) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(copy).toEqual({ a: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('returns scalars as they are', () => {
    expect(limitDepth('x', 1)).toBe('x');
    expect(limitDepth(null, 1)).toBeNull();
  });
});
