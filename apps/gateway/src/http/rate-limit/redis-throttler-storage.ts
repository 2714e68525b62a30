import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Redis } from 'ioredis';
import type { CheckableThrottlerStorage, LimitCheck } from './rate-limit-check';
import { RATE_LIMIT_CHECK_SCRIPT } from './rate-limit-check.script';
import { RATE_LIMIT_HIT_SCRIPT } from './rate-limit-hit.script';

export type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

type HitAnswer = [totalHits: number, timeToExpire: number, isBlocked: number, timeToBlockExpire: number];

interface RateLimitCommands {
  rateLimitHit(
    hitsKey: string,
    stateKey: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    now: number | '',
  ): Promise<HitAnswer>;
  rateLimitCheck(
    hitsKey: string,
    limit: number,
    now: number | '',
  ): Promise<[isSpent: number, retryAfter: number]>;
}

/**
 * The throttler's storage in Redis, shared by every gateway that names the same server and
 * prefix: one atomic script per hit (rate-limit-hit.script.ts), sent by its digest. Both keys of a
 * budget share a hash tag, so they land on one slot. Throws when Redis does not answer; see
 * FallbackThrottlerStorage for what the gateway does then.
 */
export class RedisThrottlerStorage implements CheckableThrottlerStorage {
  private readonly commands: RateLimitCommands;

  /** `now` replaces the Redis server's clock (specs); production leaves it unset. */
  constructor(
    redis: Redis,
    private readonly keyPrefix: string,
    private readonly now?: () => number,
  ) {
    redis.defineCommand('rateLimitHit', { lua: RATE_LIMIT_HIT_SCRIPT, numberOfKeys: 2 });
    redis.defineCommand('rateLimitCheck', { lua: RATE_LIMIT_CHECK_SCRIPT, numberOfKeys: 1 });
    this.commands = redis as unknown as RateLimitCommands;
  }

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const budget = `${this.keyPrefix}{${throttlerName}:${key}}`;
    const [totalHits, timeToExpire, isBlocked, timeToBlockExpire] = await this.commands.rateLimitHit(
      `${budget}:hits`,
      `${budget}:state`,
      ttl,
      limit,
      blockDuration,
      this.now?.() ?? '',
    );
    return { totalHits, timeToExpire, isBlocked: isBlocked === 1, timeToBlockExpire };
  }

  async check(key: string, limit: number, throttlerName: string): Promise<LimitCheck> {
    const [isSpent, retryAfter] = await this.commands.rateLimitCheck(
      `${this.keyPrefix}{${throttlerName}:${key}}:hits`,
      limit,
      this.now?.() ?? '',
    );
    return { isSpent: isSpent === 1, retryAfterSeconds: Math.max(retryAfter, 1) };
  }
}
