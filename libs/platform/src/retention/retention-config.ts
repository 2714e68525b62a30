import type { Env } from '../config/app-environment';

const HOUR_MS = 3_600_000;

/** How long a table's rows are kept once nothing needs them, in days, from an environment variable. */
export function readRetentionDays(env: Env, name: string, defaultDays: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return defaultDays;
  const days = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(days > 0))
    throw new Error(
      `Invalid environment variable ${name}=${JSON.stringify(raw)}: expected a number of days above 0.`,
    );
  return days;
}

/** Overrides IDEMPOTENCY_TTL_HOURS where a spec provides it; apps read the variable. */
export const IDEMPOTENCY_TTL_MS = Symbol('IDEMPOTENCY_TTL_MS');

/** The default of IDEMPOTENCY_TTL_HOURS. */
export const DEFAULT_IDEMPOTENCY_TTL_HOURS = 24;

/**
 * How long every app remembers an Idempotency-Key (IDEMPOTENCY_TTL_HOURS, the gateway's setting):
 * an app that forgot a key sooner than the gateway would do a late retry's command again.
 */
export function readIdempotencyTtlMs(env: Env = process.env): number {
  const raw = env['IDEMPOTENCY_TTL_HOURS']?.trim();
  if (raw === undefined || raw === '') return DEFAULT_IDEMPOTENCY_TTL_HOURS * HOUR_MS;
  const hours = Number(raw);
  if (!/^\d+(\.\d+)?$/.test(raw) || !(hours > 0))
    throw new Error(
      `Invalid environment variable IDEMPOTENCY_TTL_HOURS=${JSON.stringify(raw)}: expected a number above 0.`,
    );
  return hours * HOUR_MS;
}
