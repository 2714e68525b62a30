import type { QueryOptions } from '../sql-client';

/**
 * Drivers disagree on 64-bit values: `pg` hands out int8 and xid8 as strings, PGlite as bigint
 * (or number for some aggregates). Queries cast them to text anyway so no driver rounds them
 * through a double; these helpers accept every shape and always give bigint.
 */
export function toBigInt(value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return BigInt(value);
  throw new TypeError(`Expected a 64-bit integer from the database, got ${String(value)}`);
}

export function toDate(value: unknown): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  throw new TypeError(`Expected a timestamp from the database, got ${String(value)}`);
}

/** A JSON column as an object: drivers parse json and jsonb, but a text fallback costs nothing. */
export function toJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** SQLSTATE 23505, with the violated constraint, from either driver's error shape. */
export function uniqueViolation(error: unknown): { constraint?: string } | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== '23505') return undefined;
  return { constraint: typeof constraint === 'string' ? constraint : undefined };
}

/** A LIMIT parameter: null reads everything. */
export function maxCountParam(maxCount: number | undefined): string | null {
  if (maxCount === undefined) return null;
  if (!Number.isSafeInteger(maxCount) || maxCount < 0)
    throw new RangeError(`maxCount must be a non-negative integer, got ${maxCount}`);
  return String(maxCount);
}

/** Runs one statement and returns its rows: on the pool, or in a savepoint of the caller's transaction. */
export type QueryRows = <R>(sql: string, params: unknown[], options?: QueryOptions) => Promise<R[]>;
