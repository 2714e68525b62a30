import type { OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { RedisFallback } from '@shipping/platform/redis';
import { HitLogThrottlerStorage } from './hit-log-throttler-storage';
import type { CheckableThrottlerStorage, LimitCheck } from './rate-limit-check';
import type { ThrottlerStorageRecord } from './redis-throttler-storage';

export const SHARED_MESSAGE = 'rate limits are counted in Redis, shared by every gateway';
export const IN_PROCESS_MESSAGE =
  'Redis is not answering: rate limits are counted in this gateway process until it does';

/**
 * Counts in Redis (`shared`) while it answers, and in this process's own hit log while it does
 * not, through the platform's RedisFallback: a disconnected client refuses at once (no offline
 * queue) and a hung one after its command timeout, and the next REDIS_RETRY_AFTER_MS of hits skip
 * Redis. Each change is logged once.
 */
export class FallbackThrottlerStorage implements CheckableThrottlerStorage, OnApplicationShutdown {
  private readonly storages: RedisFallback<CheckableThrottlerStorage>;

  constructor(
    private readonly redis: Redis,
    shared: CheckableThrottlerStorage,
    logger: Logger,
    private readonly inProcess = new HitLogThrottlerStorage(),
    now: () => number = Date.now,
  ) {
    this.storages = new RedisFallback(
      redis,
      shared,
      inProcess,
      logger,
      { shared: SHARED_MESSAGE, inProcess: IN_PROCESS_MESSAGE },
      now,
    );
  }

  /** Whether hits are counted in Redis now: the last hit was, or none came yet and Redis is connected. */
  get isShared(): boolean {
    return this.storages.isShared;
  }

  /** Resolves once the client is connected, has failed to connect, or `waitMs` has passed. */
  async connected(waitMs: number): Promise<void> {
    if (this.redis.status === 'ready') return;
    await new Promise<void>((settled) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done).off('error', done);
        settled();
      };
      const timer = setTimeout(done, waitMs);
      this.redis.once('ready', done).once('error', done);
    });
  }

  increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const hit = [key, ttl, limit, blockDuration, throttlerName] as const;
    return this.storages.ask((storage) => storage.increment(...hit));
  }

  check(key: string, limit: number, throttlerName: string): Promise<LimitCheck> {
    return this.storages.ask((storage) => storage.check(key, limit, throttlerName));
  }

  onApplicationShutdown(): void {
    this.storages.stop();
    this.redis.disconnect();
    this.inProcess.onApplicationShutdown();
  }
}
