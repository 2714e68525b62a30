import { type Env, readMilliseconds } from '@shipping/platform/config';

export interface InstantShipTiming {
  /** How long a finisher waits for the label app's answer before the attempt fails (503). */
  labelTimeoutMs: number;
  /** How long a claim to finish a shipment holds unrenewed: how soon a dead finisher's shipment is taken over. */
  leaseMs: number;
}

export const DEFAULT_INSTANT_SHIP_LABEL_TIMEOUT_MS = 30_000;
export const DEFAULT_INSTANT_SHIP_LEASE_MS = 15_000;
const SHORTEST_LABEL_TIMEOUT_MS = 1_000;
/** A finisher renews its lease every third of it: below a second, a busy event loop would lose it. */
const SHORTEST_LEASE_MS = 3_000;

/** The label call's deadline, from INSTANT_SHIP_LABEL_TIMEOUT_MS in the app's module. */
export const LABEL_TIMEOUT = Symbol('LABEL_TIMEOUT');

/** INSTANT_SHIP_LABEL_TIMEOUT_MS (30000, at least 1000) and INSTANT_SHIP_LEASE_MS (15000, at least 3000). */
export function readInstantShipTiming(env: Env = process.env): InstantShipTiming {
  return {
    labelTimeoutMs:
      readMilliseconds(env, 'INSTANT_SHIP_LABEL_TIMEOUT_MS', SHORTEST_LABEL_TIMEOUT_MS) ??
      DEFAULT_INSTANT_SHIP_LABEL_TIMEOUT_MS,
    leaseMs:
      readMilliseconds(env, 'INSTANT_SHIP_LEASE_MS', SHORTEST_LEASE_MS) ?? DEFAULT_INSTANT_SHIP_LEASE_MS,
  };
}
