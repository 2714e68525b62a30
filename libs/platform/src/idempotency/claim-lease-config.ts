import type { Env } from '../config/app-environment';
import { readMilliseconds } from '../config/milliseconds';
import { CLAIM_LEASE_MS } from './claim-lease-store';

/** Overrides IDEMPOTENCY_CLAIM_LEASE_MS where a spec provides it; apps read the variable. */
export const IDEMPOTENCY_CLAIM_LEASE_MS = Symbol('IDEMPOTENCY_CLAIM_LEASE_MS');

/** A claim must outlast the transport's 10 s request deadline, or a retry would run beside its command. */
export const SHORTEST_CLAIM_LEASE_MS = 15_000;

/**
 * How long an unsettled Idempotency-Key claim holds its key (IDEMPOTENCY_CLAIM_LEASE_MS, 60000,
 * at least 15000): how soon a retry takes over the command of a process that died before settling.
 */
export function readClaimLeaseMs(env: Env = process.env): number {
  return readMilliseconds(env, 'IDEMPOTENCY_CLAIM_LEASE_MS', SHORTEST_CLAIM_LEASE_MS) ?? CLAIM_LEASE_MS;
}
