import { Module, type OnApplicationShutdown } from '@nestjs/common';
import { gaugeReadAtScrape } from '@shipping/platform/observability';
import type { Logger } from 'pino';
import type { GatewayHttpConfig } from '../gateway-http-config';
import { GatewayHttpConfigModule } from '../gateway-http-config.module';
import { GATEWAY_HTTP_CONFIG, RATE_LIMIT_STORAGE, ROOT_LOGGER } from '../gateway-http.tokens';
import { FallbackThrottlerStorage } from './fallback-throttler-storage';
import { HitLogThrottlerStorage } from './hit-log-throttler-storage';
import type { CheckableThrottlerStorage } from './rate-limit-check';
import { RedisThrottlerStorage } from './redis-throttler-storage';

/** A hit Redis has not counted within this is counted in process: the request does not wait longer. */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** How long a start waits for Redis before taking traffic (counted in process until it answers). */
export const REDIS_START_WAIT_MS = 2_000;

/**
 * In-process counts without REDIS_URL; with it, counts in Redis under `<REDIS_KEY_PREFIX>rate-limit:`
 * that fall back to in-process ones while Redis does not answer.
 */
export async function createRateLimitStorage(
  config: GatewayHttpConfig,
  logger: Logger,
): Promise<CheckableThrottlerStorage & OnApplicationShutdown> {
  if (config.redisUrl === undefined) {
    gaugeOfSharing(() => false);
    return new HitLogThrottlerStorage();
  }
  // Loaded only with REDIS_URL: a gateway counting in process does not load the Redis client.
  const { Redis } = await import('ioredis');
  const redis = new Redis(config.redisUrl, {
    // While disconnected a hit fails at once (and is counted in process) instead of queueing.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    // Reconnect within a second of Redis coming back, so the count is shared again soon.
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 1_000),
    connectionName: 'shipping-gateway-rate-limit',
    // A closing gateway waits this long at most for a connection to a Redis that is gone.
    disconnectTimeout: 100,
  });
  const shared = new RedisThrottlerStorage(redis, `${config.redisKeyPrefix}rate-limit:`);
  const storage = new FallbackThrottlerStorage(redis, shared, logger);
  await storage.connected(REDIS_START_WAIT_MS);
  gaugeOfSharing(() => storage.isShared);
  return storage;
}

function gaugeOfSharing(isShared: () => boolean): void {
  gaugeReadAtScrape(
    'shipping_rate_limit_shared',
    'Whether this gateway counts rate limits in Redis, shared by every gateway (1), or in its own process (0)',
    async () => (isShared() ? 1 : 0),
  );
}

@Module({
  imports: [GatewayHttpConfigModule],
  providers: [
    {
      provide: RATE_LIMIT_STORAGE,
      inject: [GATEWAY_HTTP_CONFIG, ROOT_LOGGER],
      useFactory: createRateLimitStorage,
    },
  ],
  exports: [RATE_LIMIT_STORAGE],
})
export class RateLimitStorageModule {}
