import type { Env } from '@shipping/platform/config';

export interface InstantShipTiming {
  /** How long a finisher waits for the label app's answer before the attempt fails (503). */
  labelTimeoutMs: number;
  /** How long a claim to finish a shipment holds unrenewed: how soon a dead finisher's shipment is taken over. */
  leaseMs: number;
}

export const DEFAULT_INSTANT_SHIP_LABEL_TIMEOUT_MS = 30_000;
export const DEFAULT_INSTANT_SHIP_LEASE_MS = 15_000;
/** A finisher renews its lease every third of it: below a second, a busy event loop would lose it. */
const SHORTEST_MS = 1_000;

/** The label call's deadline, from INSTANT_SHIP_LABEL_TIMEOUT_MS in the app's module. */
export const LABEL_TIMEOUT = Symbol('LABEL_TIMEOUT');

/** INSTANT_SHIP_LABEL_TIMEOUT_MS (30000) and INSTANT_SHIP_LEASE_MS (15000), each at least 1000. */
export function readInstantShipTiming(env: Env = process.env): InstantShipTiming {
  return {
    labelTimeoutMs: milliseconds(env, 'INSTANT_SHIP_LABEL_TIMEOUT_MS', DEFAULT_INSTANT_SHIP_LABEL_TIMEOUT_MS),
    leaseMs: milliseconds(env, 'INSTANT_SHIP_LEASE_MS', DEFAULT_INSTANT_SHIP_LEASE_MS),
  };
}

function milliseconds(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < SHORTEST_MS)
    throw new Error(
      `Invalid environment variable ${name}=${JSON.stringify(raw)}: expected an integer of at least ${SHORTEST_MS}.`,
    );
  return value;
}
