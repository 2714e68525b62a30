/** The parts of a JSON Schema that decide what a published event may carry. */
interface Schema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  default?: unknown;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
}

const typeOfValue = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : Number.isInteger(value)
        ? 'integer'
        : typeof value;

/** The JSON types a schema admits, undefined when it admits any. */
function typesOf(schema: Schema): Set<string> | undefined {
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) {
    const all = branches.map(typesOf);
    const known = all.filter((types): types is Set<string> => types !== undefined);
    return known.length < all.length ? undefined : new Set(known.flatMap((types) => [...types]));
  }
  if (schema.type !== undefined) return new Set([schema.type].flat());
  if ('const' in schema) return new Set([typeOfValue(schema.const)]);
  if (schema.enum) return new Set(schema.enum.map(typeOfValue));
  return undefined;
}

/** The values a schema is limited to (const or enum), undefined when it is not limited to a list. */
function valuesOf(schema: Schema): unknown[] | undefined {
  if ('const' in schema) return [schema.const];
  if (schema.enum) return schema.enum;
  const branches = schema.anyOf ?? schema.oneOf;
  if (!branches) return undefined;
  const listed = branches.map(valuesOf);
  return listed.every((values) => values !== undefined) ? listed.flat() : undefined;
}

/** The one object-typed branch of a schema (itself, or its only object branch of anyOf/oneOf). */
function objectOf(schema: Schema): Schema | undefined {
  if (schema.properties) return schema;
  const objects = (schema.anyOf ?? schema.oneOf ?? []).filter((branch) => branch.properties);
  return objects.length === 1 ? objects[0] : undefined;
}

function arrayItemsOf(schema: Schema): Schema | undefined {
  if (schema.items) return schema.items;
  const arrays = (schema.anyOf ?? schema.oneOf ?? []).filter((branch) => branch.items);
  return arrays.length === 1 ? arrays[0].items : undefined;
}

const isAllowedType = (type: string, current: Set<string>) =>
  current.has(type) || (type === 'integer' && current.has('number'));

/**
 * What makes `current` incompatible with the `published` schema of the same event version, one
 * message per field (by its dotted path). Readers of stored events break on a field removed, a type
 * narrowed, a new required field without a default or an enum value removed; consumers of the topic
 * break on a type widened (nullable included), an enum value added or a field no longer required.
 * An empty list means neither is broken: new optional fields, new required fields with a default,
 * changed descriptions.
 */
export function incompatibleChanges(published: Schema, current: Schema, path = ''): string[] {
  const name = path || '(the event)';
  const changes: string[] = [];
  const before = typesOf(published);
  const after = typesOf(current);
  const lost = before && (after ? [...before].filter((type) => !isAllowedType(type, after)) : []);
  if (lost?.length) changes.push(`${name}: type narrowed, ${lost.join(', ')} no longer allowed`);
  const gained = after && (before ? [...after].filter((type) => !isAllowedType(type, before)) : []);
  if (gained?.length) changes.push(`${name}: type widened, ${gained.join(', ')} now allowed`);
  const beforeValues = valuesOf(published);
  const afterValues = valuesOf(current);
  if (beforeValues && afterValues) {
    const removed = beforeValues.filter((value) => !afterValues.some((kept) => kept === value));
    if (removed.length)
      changes.push(`${name}: enum value ${removed.map((v) => JSON.stringify(v)).join(', ')} removed`);
    const added = afterValues.filter((value) => !beforeValues.some((known) => known === value));
    if (added.length)
      changes.push(`${name}: enum value ${added.map((v) => JSON.stringify(v)).join(', ')} added`);
  }
  const was = objectOf(published);
  const is = objectOf(current);
  if (was && is) {
    const field = (key: string) => (path ? `${path}.${key}` : key);
    for (const [key, schema] of Object.entries(was.properties ?? {})) {
      const now = is.properties?.[key];
      if (!now) changes.push(`${field(key)}: field removed`);
      else changes.push(...incompatibleChanges(schema, now, field(key)));
    }
    const requiredNow = new Set(is.required ?? []);
    for (const key of was.required ?? []) {
      if (!requiredNow.has(key) && is.properties?.[key]) changes.push(`${field(key)}: no longer required`);
    }
    const requiredBefore = new Set(was.required ?? []);
    for (const key of is.required ?? []) {
      if (!requiredBefore.has(key) && is.properties?.[key]?.default === undefined)
        changes.push(`${field(key)}: new required field without a default`);
    }
  }
  const itemsBefore = arrayItemsOf(published);
  const itemsAfter = arrayItemsOf(current);
  if (itemsBefore && itemsAfter) changes.push(...incompatibleChanges(itemsBefore, itemsAfter, `${path}[]`));
  return changes;
}
