const CAPACITY = 256;

/**
 * Query strings that passed validation, with what they validated to. Validating a query is a pure
 * function of its text values, and pages are read again and again with the same few queries, so
 * a known one skips class-transformer and class-validator. Each caller gets its own copy.
 */
export class ValidQueries<T extends object> {
  private readonly valid = new Map<string, T>();

  get(query: unknown): T | undefined {
    const key = keyOf(query);
    const known = key === undefined ? undefined : this.valid.get(key);
    return known && Object.assign(Object.create(Object.getPrototypeOf(known) as object) as T, known);
  }

  remember(query: unknown, value: T): void {
    const key = keyOf(query);
    if (key === undefined) return;
    if (this.valid.size >= CAPACITY) this.valid.clear();
    this.valid.set(key, Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, value));
  }
}

/** Only flat queries of plain strings are remembered; anything else is validated every time. */
function keyOf(query: unknown): string | undefined {
  if (typeof query !== 'object' || query === null) return undefined;
  if (!isPlainRecord(query)) return undefined;
  const entries = Object.entries(query);
  return entries.every(([, value]) => typeof value === 'string') ? JSON.stringify(entries) : undefined;
}

/**
 * An object of own values only: a literal, one with no prototype, or one whose prototype has
 * none, which is how Fastify's query parser (fast-querystring) makes its objects.
 */
function isPlainRecord(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  if (prototype === null || prototype === Object.prototype) return true;
  return Object.getPrototypeOf(prototype) === null && Reflect.ownKeys(prototype as object).length === 0;
}
