import { type Env, readMilliseconds } from '@shipping/platform/config';
import { CARRIER_PICKUP_TIMEOUT_MS } from './pickup-carrier';

/** How often pickups left pending are looked for, and how old one must be to be taken up. */
export interface PickupRecoveryTimings {
  everyMs: number;
  pendingForMs: number;
}

export const PICKUP_RECOVERY_TIMINGS = Symbol('PICKUP_RECOVERY_TIMINGS');

export const DEFAULT_PICKUP_RECOVERY_TIMINGS: PickupRecoveryTimings = {
  everyMs: 15_000,
  pendingForMs: 15_000,
};

/**
 * PICKUP_RECOVERY_SWEEP_MS (15 s unset) and PICKUP_RECOVERY_PENDING_MS (15 s unset): a pickup is
 * taken up only once it has been pending longer than its request waits for the label app, so the
 * latter must exceed CARRIER_PICKUP_TIMEOUT_MS by a second at least.
 */
export function readPickupRecoveryTimings(env: Env = process.env): PickupRecoveryTimings {
  const defaults = DEFAULT_PICKUP_RECOVERY_TIMINGS;
  return {
    everyMs: readMilliseconds(env, 'PICKUP_RECOVERY_SWEEP_MS', 1) ?? defaults.everyMs,
    pendingForMs:
      readMilliseconds(env, 'PICKUP_RECOVERY_PENDING_MS', CARRIER_PICKUP_TIMEOUT_MS + 1_000) ??
      defaults.pendingForMs,
  };
}
