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
  const prototype: unknown = Object.getPrototypeOf(query);
  if (prototype !== Object.prototype && prototype !== null) return undefined;
  const entries = Object.entries(query);
  return entries.every(([, value]) => typeof value === 'string') ? JSON.stringify(entries) : undefined;
}
