/**
 * A copy of plain JSON data whose objects have their keys inserted in sorted order (UTF-16 code
 * units, as RFC 8785 sorts them), so that `JSON.stringify` of it writes the canonical text in one
 * native pass. Objects of one shape (the same keys in the same order) are copied by a function
 * compiled once for that shape. Answers `undefined` for anything this does not cover exactly —
 * toJSON, class instances, non-finite numbers, undefined, functions, symbols, bigints, integer-like
 * or `__proto__` keys, depth past `maxDepth` (cycles) — and the caller writes those with a general
 * canonical writer.
 */
export function keySortedCopy(value: unknown): unknown {
  const copy = sortedTree(value, 0);
  return copy === unsupported ? undefined : copy;
}

const unsupported = Symbol('unsupported');
const maxDepth = 64;
/** Shapes compiled at most; past that, and for objects of many keys, the copy is made key by key. */
const maxShapes = 2_000;
const maxCompiledKeys = 64;
const indexLike = /^\d+$/;

type Copier = (source: Record<string, unknown>, depth: number) => unknown;
interface Shape {
  keys: string[];
  copy: Copier;
}
/** Compiled shapes by their first key. */
const shapes = new Map<string | undefined, Shape[]>();
let shapeCount = 0;

function sortedTree(value: unknown, depth: number): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? value : unsupported;
    case 'object': {
      if (value === null) return null;
      if (depth > maxDepth || typeof (value as { toJSON?: unknown }).toJSON === 'function')
        return unsupported;
      if (Array.isArray(value)) return sortedArray(value, depth);
      const prototype: unknown = Object.getPrototypeOf(value);
      if (prototype !== Object.prototype && prototype !== null) return unsupported;
      const source = value as Record<string, unknown>;
      const keys = Object.keys(source);
      const copier = knownShape(keys) ?? compiledShape(keys);
      return copier ? copier(source, depth + 1) : copyKeyByKey(source, keys, depth + 1);
    }
    default:
      return unsupported;
  }
}

function sortedArray(array: unknown[], depth: number): unknown {
  let copy: unknown[] | undefined;
  for (let index = 0; index < array.length; index++) {
    const item = array[index];
    const sorted = sortedTree(item, depth + 1);
    if (sorted === unsupported) return unsupported;
    if (sorted !== item) (copy ??= array.slice())[index] = sorted;
  }
  return copy ?? array;
}

function knownShape(keys: string[]): Copier | undefined {
  const candidates = shapes.get(keys[0]);
  if (!candidates) return undefined;
  next: for (const candidate of candidates) {
    if (candidate.keys.length !== keys.length) continue;
    for (let index = 1; index < keys.length; index++)
      if (candidate.keys[index] !== keys[index]) continue next;
    return candidate.copy;
  }
  return undefined;
}

const copyable = (key: string) => key !== '__proto__' && !indexLike.test(key);

/** An object literal with the keys in sorted order: V8 builds it, and JSON.stringify walks it, fast. */
function compiledShape(keys: string[]): Copier | undefined {
  if (shapeCount >= maxShapes || keys.length > maxCompiledKeys || !keys.every(copyable)) return undefined;
  const sorted = [...keys].sort();
  // A string, the most common value, is kept as it is without a call.
  const values = sorted.map(
    (key, n) =>
      `let v${n} = source[${JSON.stringify(key)}];\n` +
      `if (typeof v${n} !== 'string') { v${n} = sortedTree(v${n}, depth); if (v${n} === unsupported) return unsupported; }`,
  );
  const literal = sorted.map((key, n) => `${JSON.stringify(key)}: v${n}`).join(', ');
  const copy = new Function(
    'sortedTree',
    'unsupported',
    `return function copyShape(source, depth) {\n${values.join('\n')}\nreturn { ${literal} };\n};`,
  )(sortedTree, unsupported) as Copier;
  const list = shapes.get(keys[0]) ?? [];
  list.push({ keys, copy });
  shapes.set(keys[0], list);
  shapeCount++;
  return copy;
}

function copyKeyByKey(source: Record<string, unknown>, keys: string[], depth: number): unknown {
  if (!keys.every(copyable)) return unsupported;
  const copy: Record<string, unknown> = {};
  for (const key of [...keys].sort()) {
    const sorted = sortedTree(source[key], depth);
    if (sorted === unsupported) return unsupported;
    copy[key] = sorted;
  }
  return copy;
}
