import {
  parseRedisKeyPrefix,
  parseRedisUrl,
  REDIS_KEY_PREFIX_FORM,
  REDIS_URL_FORM,
} from '@shipping/platform/redis';
import type { CarrierLimitStore } from './carrier-limits';
import { FallbackCarrierLimits, type LimitsLogger } from './fallback-carrier-limits';
import { InProcessCarrierLimits } from './in-process-carrier-limits';
import { RedisCarrierLimits } from './redis-carrier-limits';

/** A call Redis has not answered within this is counted in process: the purchase does not wait longer. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;

export interface OpenedLimits {
  store: CarrierLimitStore;
  close(): void;
}

/** REDIS_URL, where the carrier limits are counted for every label instance; unset, in process. */
export function readCarrierLimitsRedisUrl(env: Record<string, string | undefined>): string | undefined {
  const rawUrl = env['REDIS_URL']?.trim();
  if (!rawUrl) return undefined;
  const url = parseRedisUrl(rawUrl);
  if (!url) throw new Error(`Invalid environment variable REDIS_URL: expected ${REDIS_URL_FORM}.`);
  return url;
}

/**
 * In process without REDIS_URL (the embedded runtime); with it, in Redis under
 * `<REDIS_KEY_PREFIX>carrier:`, shared by every label instance, falling back to in-process counts
 * while Redis does not answer. The error names a malformed variable, never its value.
 */
export async function openCarrierLimits(
  env: Record<string, string | undefined>,
  logger: LimitsLogger,
): Promise<OpenedLimits> {
  const url = readCarrierLimitsRedisUrl(env);
  if (!url) return { store: new InProcessCarrierLimits(), close: () => undefined };
  const rawPrefix = env['REDIS_KEY_PREFIX']?.trim() || 'shipping:';
  const prefix = parseRedisKeyPrefix(rawPrefix);
  if (!prefix)
    throw new Error(`Invalid environment variable REDIS_KEY_PREFIX: expected ${REDIS_KEY_PREFIX_FORM}.`);
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 1_000),
    connectionName: 'shipping-label-carrier-limits',
    disconnectTimeout: 100,
  });
  const store = new FallbackCarrierLimits(redis, new RedisCarrierLimits(redis, prefix), logger);
  return { store, close: () => redis.disconnect() };
}
