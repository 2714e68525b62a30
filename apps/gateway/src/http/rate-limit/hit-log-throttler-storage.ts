import type { OnApplicationShutdown } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { CheckableThrottlerStorage, LimitCheck } from './rate-limit-check';

type ThrottlerStorageRecord = Awaited<ReturnType<ThrottlerStorage['increment']>>;

interface Budget {
  /** Expiry instants of the hits that count, oldest first, from `head` on. */
  expiries: number[];
  head: number;
  windowEndsAt: number;
  isBlocked: boolean;
  blockedUntil: number;
}

const seconds = (ms: number) => Math.ceil(ms / 1000);

/**
 * The throttler's in-memory storage with its semantics (a hit counts for `ttl`; going over the
 * limit blocks the key for `blockDuration`, then its count starts again), at O(1) a request: the
 * stock storage filters every hit of the window on each request, so its cost grows with the limit.
 * Hits of one key share a ttl (one budget per key), so they expire in the order they were made
 * and leave from the front.
 */
export class HitLogThrottlerStorage implements CheckableThrottlerStorage, OnApplicationShutdown {
  private readonly budgets = new Map<string, Budget>();
  private sweeper?: NodeJS.Timeout;

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly sweepIntervalMs = 60_000,
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    this.sweeper ??= setInterval(() => this.evictIdle(), this.sweepIntervalMs).unref();
    const now = this.now();
    const budgetKey = `${throttlerName}:${key}`;
    let budget = this.budgets.get(budgetKey);
    if (!budget) {
      budget = { expiries: [], head: 0, windowEndsAt: now + ttl, isBlocked: false, blockedUntil: 0 };
      this.budgets.set(budgetKey, budget);
    }
    dropExpired(budget, now);
    if (budget.windowEndsAt <= now) budget.windowEndsAt = now + ttl;
    const timeToExpire = seconds(budget.windowEndsAt - now);
    return blockDuration > 0
      ? incrementWithBlock(budget, now, ttl, limit, blockDuration, timeToExpire)
      : incrementWithoutBlock(budget, now, ttl, limit, timeToExpire);
  }

  async check(key: string, limit: number, throttlerName: string): Promise<LimitCheck> {
    const budget = this.budgets.get(`${throttlerName}:${key}`);
    if (!budget) return { isSpent: false, retryAfterSeconds: 1 };
    const now = this.now();
    dropExpired(budget, now);
    const isSpent = count(budget) >= limit;
    const retryAfterSeconds = isSpent ? Math.max(seconds(budget.expiries[budget.head] - now), 1) : 1;
    return { isSpent, retryAfterSeconds };
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweeper);
    this.sweeper = undefined;
    this.budgets.clear();
  }

  private evictIdle(now = this.now()): void {
    for (const [key, budget] of this.budgets) {
      dropExpired(budget, now);
      const idle =
        !(budget.isBlocked && budget.blockedUntil > now) && budget.windowEndsAt <= now && count(budget) === 0;
      if (idle) this.budgets.delete(key);
    }
  }
}

function incrementWithBlock(
  budget: Budget,
  now: number,
  ttl: number,
  limit: number,
  blockDuration: number,
  timeToExpire: number,
): ThrottlerStorageRecord {
  if (!budget.isBlocked) hit(budget, now + ttl);
  if (count(budget) > limit && !budget.isBlocked) {
    budget.isBlocked = true;
    budget.blockedUntil = now + blockDuration;
  }
  const timeToBlockExpire = seconds(budget.blockedUntil - now);
  if (timeToBlockExpire <= 0 && budget.isBlocked) {
    budget.isBlocked = false;
    budget.expiries = [];
    budget.head = 0;
    hit(budget, now + ttl);
  }
  return { totalHits: count(budget), timeToExpire, isBlocked: budget.isBlocked, timeToBlockExpire };
}

function incrementWithoutBlock(
  budget: Budget,
  now: number,
  ttl: number,
  limit: number,
  timeToExpire: number,
): ThrottlerStorageRecord {
  const isBlocked = count(budget) >= limit;
  if (!isBlocked) hit(budget, now + ttl);
  const total = count(budget);
  const timeToBlockExpire = total > 0 ? seconds(budget.expiries[budget.head] - now) : timeToExpire;
  return {
    totalHits: total + (isBlocked ? 1 : 0),
    timeToExpire,
    isBlocked,
    timeToBlockExpire: isBlocked ? timeToBlockExpire : 0,
  };
}

const count = (budget: Budget) => budget.expiries.length - budget.head;

function hit(budget: Budget, expiresAt: number): void {
  budget.expiries.push(expiresAt);
}

function dropExpired(budget: Budget, now: number): void {
  while (budget.head < budget.expiries.length && budget.expiries[budget.head] <= now) budget.head++;
  if (budget.head > 1024 && budget.head * 2 > budget.expiries.length) {
    budget.expiries = budget.expiries.slice(budget.head);
    budget.head = 0;
  }
}
