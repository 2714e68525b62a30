import { type Env, readIfValid, readMilliseconds, requireBeyond } from '@shipping/platform/config';
import { readCarrierPickupTimeoutMs } from './carrier-pickup-timeout';

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

/** How much longer than its request waits for the label app a pickup must be pending to be taken up. */
export const PENDING_MARGIN_OVER_CARRIER_WAIT_MS = 1_000;

/**
 * PICKUP_RECOVERY_SWEEP_MS (15 s unset) and PICKUP_RECOVERY_PENDING_MS (15 s unset): a pickup is
 * taken up only once it has been pending longer than its request waits for the label app, so the
 * latter must exceed CARRIER_PICKUP_TIMEOUT_MS by a second at least.
 */
export function readPickupRecoveryTimings(env: Env = process.env): PickupRecoveryTimings {
  const defaults = DEFAULT_PICKUP_RECOVERY_TIMINGS;
  const everyMs = readMilliseconds(env, 'PICKUP_RECOVERY_SWEEP_MS', 1) ?? defaults.everyMs;
  const pendingForMs = readMilliseconds(env, 'PICKUP_RECOVERY_PENDING_MS', 1) ?? defaults.pendingForMs;
  const carrierWaitMs = readIfValid(readCarrierPickupTimeoutMs, env);
  if (carrierWaitMs !== undefined)
    requireBeyond(
      { name: 'PICKUP_RECOVERY_PENDING_MS', ms: pendingForMs },
      { name: 'CARRIER_PICKUP_TIMEOUT_MS', ms: carrierWaitMs },
      PENDING_MARGIN_OVER_CARRIER_WAIT_MS,
      'as a pickup is taken up only once its request has stopped waiting for the label app',
    );
  return { everyMs, pendingForMs };
}
