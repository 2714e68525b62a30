import fc from 'fast-check';

/** A JSON Schema as an OpenAPI document holds it (`$ref`s into components). */
export type Schema = Record<string, any>;

/** Follows `#/components/schemas/X` references of one document. */
export function schemaResolver(document: { components?: { schemas?: Record<string, Schema> } }) {
  return function resolve(schema: Schema | undefined): Schema {
    let current = schema ?? {};
    while (typeof current.$ref === 'string') {
      const name = current.$ref.slice(current.$ref.lastIndexOf('/') + 1);
      current = document.components?.schemas?.[name] ?? {};
    }
    if (current.allOf) return mergeAll(current.allOf.map(resolve));
    // A field that takes null for absent: the value's own schema, marked so null is not wrong for it.
    const values = Array.isArray(current.anyOf)
      ? current.anyOf.filter((part: Schema) => part.type !== 'null')
      : [];
    if (values.length === 1 && values.length < current.anyOf.length)
      return { ...resolve(values[0]), acceptsNull: true };
    return current;
  };
}

const mergeAll = (parts: Schema[]): Schema =>
  parts.reduce(
    (merged, part) => ({
      ...merged,
      ...part,
      properties: { ...merged.properties, ...part.properties },
      required: [...(merged.required ?? []), ...(part.required ?? [])],
    }),
    {},
  );

type Resolve = ReturnType<typeof schemaResolver>;

const STRING_FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.emailAddress(),
  date: fc
    .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  'date-time': fc
    .date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true })
    .map((date) => date.toISOString()),
  uri: fc.webUrl(),
};

/** Values the schema allows: every type, enum, format, pattern and bound it states. */
export function validValue(schema: Schema | undefined, resolve: Resolve, depth = 0): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  if (s.const !== undefined) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...s.enum);
  if (Array.isArray(s.anyOf) || Array.isArray(s.oneOf))
    return fc.oneof(...(s.anyOf ?? s.oneOf).map((part: Schema) => validValue(part, resolve, depth + 1)));
  switch (Array.isArray(s.type) ? s.type[0] : s.type) {
    case 'object': {
      const properties: Record<string, Schema> = s.properties ?? {};
      const required: string[] = s.required ?? [];
      // Deep optional objects are left out past a few levels, so values stay small.
      const keys = Object.keys(properties).filter((key) => depth < 4 || required.includes(key));
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, validValue(properties[key], resolve, depth + 1)])),
        { requiredKeys: required.filter((key) => keys.includes(key)) },
      );
    }
    case 'array': {
      const minLength = s.minItems ?? 0;
      return fc.array(validValue(s.items, resolve, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(s.maxItems ?? 3, 3)),
      });
    }
    case 'string':
      return stringValue(s);
    case 'integer':
      return fc.integer({ min: lowerBound(s, 1) ?? -1_000_000, max: upperBound(s, 1) ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: lowerBound(s, 0.01) ?? -1_000_000,
        max: upperBound(s, 0.01) ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.constant(null);
  }
}

const lowerBound = (s: Schema, step: number): number | undefined =>
  s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + step : s.minimum;
const upperBound = (s: Schema, step: number): number | undefined =>
  s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - step : s.maximum;

function stringValue(s: Schema): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? 40, 60));
  const fits = (text: string) => text.length >= minLength && text.length <= (s.maxLength ?? Infinity);
  if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter(fits);
  if (s.format && STRING_FORMATS[s.format]) return STRING_FORMATS[s.format].filter(fits);
  return fc.string({ minLength, maxLength });
}

/** Values the schema refuses: a wrong type, or a value just past one of its bounds or lists. */
export function wrongValue(schema: Schema | undefined, resolve: Resolve): fc.Arbitrary<unknown> {
  const s = resolve(schema);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const wrongTypes: unknown[] = [null, true, 12, 'text', [], {}].filter(
    (value) => !isOfType(value, type) && !((s.anyOf || s.acceptsNull) && value === null),
  );
  const near: unknown[] = [];
  if (Array.isArray(s.enum)) near.push(`${String(s.enum[0])}_NOT`, String(s.enum[0]).toLowerCase() + ' ');
  if (s.const !== undefined) near.push(typeof s.const === 'boolean' ? !s.const : `${String(s.const)}x`);
  if (s.pattern) near.push('x!', '', ' '.repeat(3), '\u0000');
  if (s.format) near.push(`not-a-${s.format}`, '2026-02-30', 'http//');
  if (s.maxLength !== undefined) near.push('x'.repeat(s.maxLength + 1));
  if (s.minLength) near.push('');
  if (s.minimum !== undefined) near.push(s.minimum - (type === 'integer' ? 1 : 0.001));
  if (s.exclusiveMinimum !== undefined) near.push(s.exclusiveMinimum);
  if (s.maximum !== undefined) near.push(s.maximum + 1);
  if (type === 'integer') near.push(1.5, 2 ** 53 + 2, -1);
  if (type === 'number') near.push(-1, 1e308, 0);
  if (type === 'array')
    near.push(
      [],
      Array.from({ length: (s.maxItems ?? 1000) + 1 }, () => ({})),
      [null],
    );
  if (type === 'object') near.push({ unknown_field: 1 }, {});
  if (type === 'string') near.push('\ud800', ' ', 'x'.repeat(10_000));
  return fc.constantFrom(...wrongTypes, ...near);
}

const isOfType = (value: unknown, type: string | undefined): boolean => {
  if (type === 'integer' || type === 'number') return typeof value === 'number';
  if (type === 'array') return Array.isArray(value);
  if (type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
  if (type === 'null') return value === null;
  return typeof value === type;
};

/** Every place in a value with the schema that describes it, the value itself first. */
function placesOf(value: unknown, schema: Schema, resolve: Resolve, path: (string | number)[] = []) {
  const s = resolve(schema);
  const places: { path: (string | number)[]; schema: Schema; required: boolean }[] = [];
  if (Array.isArray(value)) {
    value.forEach((item, index) => places.push(...placesOf(item, s.items ?? {}, resolve, [...path, index])));
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = s.properties?.[key] ?? {};
      places.push({ path: [...path, key], schema: child, required: (s.required ?? []).includes(key) });
      places.push(...placesOf(item, child, resolve, [...path, key]).slice(1));
    }
  }
  return [{ path, schema: s, required: true }, ...places];
}

/**
 * A valid value with exactly one thing wrong: one field holding a value its schema refuses, one
 * required field left out, or one field nobody documented added.
 */
export function oneFieldWrong(sample: unknown, schema: Schema, resolve: Resolve): fc.Arbitrary<unknown> {
  const places = placesOf(sample, schema, resolve).filter((place) => place.path.length > 0);
  if (places.length === 0) return wrongValue(schema, resolve);
  return fc.constantFrom(...places).chain((place) => {
    const variants: fc.Arbitrary<unknown>[] = [
      wrongValue(place.schema, resolve).map((wrong) => replaced(sample, place.path, () => wrong)),
      fc.constant(replaced(sample, place.path.slice(0, -1), (parent) => withExtraKey(parent))),
    ];
    if (place.required) variants.push(fc.constant(replaced(sample, place.path, () => REMOVED)));
    return fc.oneof(...variants);
  });
}

const REMOVED = Symbol('removed');

const withExtraKey = (parent: unknown) =>
  parent && typeof parent === 'object' && !Array.isArray(parent)
    ? { ...parent, undocumented_field: 'x' }
    : parent;

/** A copy of `value` with the thing at `path` replaced by what `change` returns (REMOVED: left out). */
function replaced(value: unknown, path: (string | number)[], change: (old: unknown) => unknown): unknown {
  if (path.length === 0) return change(value);
  const [head, ...rest] = path;
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  const next = replaced(copy[head], rest, change);
  if (next === REMOVED) {
    if (Array.isArray(copy)) copy.splice(Number(head), 1);
    else delete copy[head];
  } else copy[head] = next;
  return copy;
}
