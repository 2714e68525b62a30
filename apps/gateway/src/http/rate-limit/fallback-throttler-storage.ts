import type { OnApplicationShutdown } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { HitLogThrottlerStorage } from './hit-log-throttler-storage';
import type { CheckableThrottlerStorage, LimitCheck } from './rate-limit-check';
import type { ThrottlerStorageRecord } from './redis-throttler-storage';

/** After a hit Redis failed to count, how long hits are counted in process before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 1_000;

export const SHARED_MESSAGE = 'rate limits are counted in Redis, shared by every gateway';
export const IN_PROCESS_MESSAGE =
  'Redis is not answering: rate limits are counted in this gateway process until it does';

type Counting = 'shared' | 'in-process';

/**
 * Counts in Redis (`shared`) while it answers, and in this process's own hit log while it does
 * not: a disconnected client refuses at once (no offline queue) and a hung one after its command
 * timeout, and the next REDIS_RETRY_AFTER_MS of hits skip Redis. Each change is logged once.
 */
export class FallbackThrottlerStorage implements CheckableThrottlerStorage, OnApplicationShutdown {
  private counting?: Counting;
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly redis: Redis,
    private readonly shared: CheckableThrottlerStorage,
    private readonly logger: Logger,
    private readonly inProcess = new HitLogThrottlerStorage(),
    private readonly now: () => number = Date.now,
  ) {
    redis.on('error', (error: Error) => this.countInProcess(error.message));
    redis.on('ready', () => (this.retryAt = 0));
  }

  /** Whether hits are counted in Redis now: the last hit was, or none came yet and Redis is connected. */
  get isShared(): boolean {
    return this.counting === 'shared' || (this.counting === undefined && this.redis.status === 'ready');
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
    return this.counted((storage) => storage.increment(...hit));
  }

  check(key: string, limit: number, throttlerName: string): Promise<LimitCheck> {
    return this.counted((storage) => storage.check(key, limit, throttlerName));
  }

  private async counted<T>(ask: (storage: CheckableThrottlerStorage) => Promise<T>): Promise<T> {
    if (this.redis.status !== 'ready') {
      this.countInProcess(`connection ${this.redis.status}`);
      return ask(this.inProcess);
    }
    if (this.now() < this.retryAt) return ask(this.inProcess);
    try {
      const answer = await ask(this.shared);
      this.countShared();
      return answer;
    } catch (error) {
      this.retryAt = this.now() + REDIS_RETRY_AFTER_MS;
      this.countInProcess(error instanceof Error ? error.message : String(error));
      return ask(this.inProcess);
    }
  }

  onApplicationShutdown(): void {
    this.closed = true;
    this.redis.disconnect();
    this.inProcess.onApplicationShutdown();
  }

  private countShared(): void {
    if (this.counting === 'shared') return;
    this.counting = 'shared';
    this.logger.info(SHARED_MESSAGE);
  }

  private countInProcess(reason: string): void {
    if (this.counting === 'in-process' || this.closed) return;
    this.counting = 'in-process';
    this.logger.warn({ reason }, IN_PROCESS_MESSAGE);
  }
}
