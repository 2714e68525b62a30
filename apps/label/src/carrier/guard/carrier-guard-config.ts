import { CARRIERS } from '@shipping/reference-data';
import type { AccountGuardSettings } from './account-guard';

/** Per carrier: USPS_RATE_LIMIT_PER_SECOND, USPS_CONCURRENCY, USPS_TIMEOUT_MS, and likewise UPS_, FEDEX_, DHL_. */
export interface CarrierLimitsConfig {
  ratePerSecond: number;
  concurrency: number;
  /** Each request to the carrier; the adapter aborts it past this and the guard retries it. */
  timeoutMs: number;
}

export interface CarrierGuardConfig {
  carriers: Record<string, CarrierLimitsConfig>;
  attempts: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  circuitFailures: number;
  circuitCoolDownMs: number;
  circuitMaxWaitMs: number;
}

/** Conservative where the carrier publishes no quota: one label a second, four at once. */
export const DEFAULT_CARRIER_LIMITS: CarrierLimitsConfig = {
  ratePerSecond: 1,
  concurrency: 4,
  timeoutMs: 30_000,
};

const DEFAULTS: Omit<CarrierGuardConfig, 'carriers'> = {
  attempts: 4,
  backoffBaseMs: 500,
  backoffMaxMs: 30_000,
  circuitFailures: 10,
  circuitCoolDownMs: 30_000,
  circuitMaxWaitMs: 120_000,
};

/** A slot's lease past the longest call it covers; renewed every third of it while the call runs. */
export const SLOT_LEASE_MS = 15_000;
export const MAX_RETRY_AFTER_MS = 60_000;

type Env = Record<string, string | undefined>;

function readNumber(env: Env, name: string, fallback: number, integer: boolean): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  const valid = (integer ? /^\d+$/ : /^\d+(\.\d+)?$/).test(raw) && value > 0 && Number.isFinite(value);
  if (!valid)
    throw new Error(
      `Invalid environment variable ${name}=${JSON.stringify(raw)}: expected a ${integer ? 'whole ' : ''}number above 0.`,
    );
  return value;
}

export function readCarrierGuardConfig(env: Env = process.env): CarrierGuardConfig {
  const carriers: Record<string, CarrierLimitsConfig> = {};
  for (const { code } of CARRIERS) {
    const prefix = code.toUpperCase();
    carriers[code] = {
      ratePerSecond: readNumber(
        env,
        `${prefix}_RATE_LIMIT_PER_SECOND`,
        DEFAULT_CARRIER_LIMITS.ratePerSecond,
        false,
      ),
      concurrency: readNumber(env, `${prefix}_CONCURRENCY`, DEFAULT_CARRIER_LIMITS.concurrency, true),
      timeoutMs: readNumber(env, `${prefix}_TIMEOUT_MS`, DEFAULT_CARRIER_LIMITS.timeoutMs, true),
    };
  }
  return {
    carriers,
    attempts: readNumber(env, 'CARRIER_RETRY_ATTEMPTS', DEFAULTS.attempts, true),
    backoffBaseMs: readNumber(env, 'CARRIER_RETRY_BASE_MS', DEFAULTS.backoffBaseMs, true),
    backoffMaxMs: readNumber(env, 'CARRIER_RETRY_MAX_MS', DEFAULTS.backoffMaxMs, true),
    circuitFailures: readNumber(env, 'CARRIER_CIRCUIT_FAILURES', DEFAULTS.circuitFailures, true),
    circuitCoolDownMs: readNumber(env, 'CARRIER_CIRCUIT_COOL_DOWN_MS', DEFAULTS.circuitCoolDownMs, true),
    circuitMaxWaitMs: readNumber(env, 'CARRIER_CIRCUIT_MAX_WAIT_MS', DEFAULTS.circuitMaxWaitMs, true),
  };
}

export function accountGuardSettings(config: CarrierGuardConfig, carrier: string): AccountGuardSettings {
  const limits = config.carriers[carrier] ?? DEFAULT_CARRIER_LIMITS;
  return {
    limits: {
      ratePerSecond: limits.ratePerSecond,
      concurrency: limits.concurrency,
      slotLeaseMs: SLOT_LEASE_MS,
    },
    attempts: config.attempts,
    backoff: { baseMs: config.backoffBaseMs, maxMs: config.backoffMaxMs },
    circuit: { failuresToOpen: config.circuitFailures, coolDownMs: config.circuitCoolDownMs },
    maxCircuitWaitMs: config.circuitMaxWaitMs,
    maxRetryAfterMs: MAX_RETRY_AFTER_MS,
  };
}
