import { SANDBOX_WEBHOOK_SECRET_KEYS } from '@shipping/platform/config';
import { DAY_MS, readRetentionDays } from '@shipping/platform/retention';
import { readSecretKeys, type SecretKey } from '@shipping/platform/secrets';

export interface WebhookConfig {
  /** An attempt that has no response headers within this time fails. */
  timeoutMs: number;
  /** Delay before each retry; attempts = 1 + its length, then the delivery is failed. */
  retryScheduleMs: readonly number[];
  /** How often the dispatcher looks for due deliveries when nothing woke it. */
  pollIntervalMs: number;
  /** Deliveries to and registrations of loopback, private and other internal addresses. */
  allowPrivateTargets: boolean;
  /** Attempts in flight at once in this process. */
  concurrency: number;
  /** Attempts in flight at once to one endpoint, across every webhook app instance. */
  endpointConcurrency: number;
  /** Attempts in flight at once to one account's endpoints of one key mode, across every instance. */
  accountConcurrency: number;
  /** Endpoints (not deleted) an account may have in each key mode. */
  maxEndpointsPerAccount: number;
  /** Keys of the signing secrets at rest: the first seals, every one opens (see SecretBox). */
  secretKeys: readonly SecretKey[];
  /** How long a delivery no longer pending, and its attempts, are kept after its last attempt. */
  deliveryRetentionMs: number;
}

export const WEBHOOK_CONFIG = Symbol('WEBHOOK_CONFIG');

export const DEFAULT_RETRY_SCHEDULE_MS = [
  10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000, 86_400_000,
];

type Env = Record<string, string | undefined>;

/**
 * WEBHOOK_TIMEOUT_MS (10000), WEBHOOK_RETRY_SCHEDULE_MS (10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 24 h),
 * WEBHOOK_POLL_INTERVAL_MS (250), WEBHOOK_ALLOW_PRIVATE_TARGETS (true), WEBHOOK_CONCURRENCY (64),
 * WEBHOOK_ENDPOINT_CONCURRENCY (4), WEBHOOK_ACCOUNT_CONCURRENCY (16), WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT (16),
 * WEBHOOK_DELIVERY_RETENTION_DAYS (30) and
 * WEBHOOK_SECRET_KEYS (the sandbox key, which production mode refuses). Private targets are
 * allowed by default because the sandbox runtime and its tests deliver to 127.0.0.1; a deployment
 * that faces the internet sets WEBHOOK_ALLOW_PRIVATE_TARGETS=false (production mode insists).
 */
export function readWebhookConfig(env: Env = process.env): WebhookConfig {
  return {
    timeoutMs: positiveInteger(env, 'WEBHOOK_TIMEOUT_MS', 10_000),
    retryScheduleMs: schedule(env, 'WEBHOOK_RETRY_SCHEDULE_MS', DEFAULT_RETRY_SCHEDULE_MS),
    pollIntervalMs: positiveInteger(env, 'WEBHOOK_POLL_INTERVAL_MS', 250),
    allowPrivateTargets: flag(env, 'WEBHOOK_ALLOW_PRIVATE_TARGETS', true),
    concurrency: positiveInteger(env, 'WEBHOOK_CONCURRENCY', 64),
    endpointConcurrency: positiveInteger(env, 'WEBHOOK_ENDPOINT_CONCURRENCY', 4),
    accountConcurrency: positiveInteger(env, 'WEBHOOK_ACCOUNT_CONCURRENCY', 16),
    maxEndpointsPerAccount: positiveInteger(env, 'WEBHOOK_MAX_ENDPOINTS_PER_ACCOUNT', 16),
    secretKeys: secretKeys(env, 'WEBHOOK_SECRET_KEYS'),
    deliveryRetentionMs: readRetentionDays(env, 'WEBHOOK_DELIVERY_RETENTION_DAYS', 30) * DAY_MS,
  };
}

const raw = (env: Env, name: string) => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

const invalid = (name: string, value: string, expected: string) =>
  new Error(`Invalid environment variable ${name}=${JSON.stringify(value)}: expected ${expected}.`);

function parsePositive(text: string): number | undefined {
  const value = Number(text);
  return /^\d+$/.test(text) && Number.isSafeInteger(value) && value >= 1 ? value : undefined;
}

function positiveInteger(env: Env, name: string, fallback: number): number {
  const text = raw(env, name);
  if (text === undefined) return fallback;
  const value = parsePositive(text);
  if (value === undefined) throw invalid(name, text, 'an integer of at least 1');
  return value;
}

function schedule(env: Env, name: string, fallback: readonly number[]): readonly number[] {
  const text = raw(env, name);
  if (text === undefined) return fallback;
  const delays = text.split(',').map((part) => parsePositive(part.trim()));
  if (delays.some((delay) => delay === undefined))
    throw invalid(name, text, 'comma-separated delays in milliseconds, each at least 1');
  return delays as number[];
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const text = raw(env, name);
  if (text === undefined) return fallback;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw invalid(name, text, 'true or false');
}

function secretKeys(env: Env, name: string): SecretKey[] {
  return readSecretKeys(name, raw(env, name) ?? SANDBOX_WEBHOOK_SECRET_KEYS);
}
