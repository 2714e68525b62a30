/**
 * Reference data files are checked when they are loaded, so a broken edit fails the process at
 * start (and the specs) instead of producing wrong prices or validations later.
 */
export class ReferenceDataError extends Error {
  constructor(file: string, problem: string) {
    super(`Reference data ${file}: ${problem}`);
    this.name = 'ReferenceDataError';
  }
}

export function checkVersion(file: string, data: { version: unknown }): number {
  if (!Number.isInteger(data.version) || (data.version as number) < 1) {
    throw new ReferenceDataError(file, '"version" must be a positive integer');
  }
  return data.version as number;
}

export function checkUnique<T>(file: string, rows: readonly T[], key: (row: T) => string | number): void {
  const seen = new Set<string | number>();
  for (const row of rows) {
    const value = key(row);
    if (seen.has(value)) throw new ReferenceDataError(file, `duplicate key ${String(value)}`);
    seen.add(value);
  }
}

export function check(file: string, condition: boolean, problem: string): void {
  if (!condition) throw new ReferenceDataError(file, problem);
}

/** Rows keyed for lookups; a Map so that keys such as `constructor` never hit Object.prototype. */
export function indexBy<K, T>(rows: readonly T[], key: (row: T) => K): ReadonlyMap<K, T> {
  return new Map(rows.map((row) => [key(row), row]));
}
