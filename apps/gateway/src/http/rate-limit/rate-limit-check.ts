import type { ThrottlerStorage } from '@nestjs/throttler';

/** Whether a budget without a block duration is spent now, and for how many seconds (at least 1). */
export interface LimitCheck {
  isSpent: boolean;
  retryAfterSeconds: number;
}

/**
 * A throttler storage that can also tell, without counting a hit, whether a budget without a
 * block duration is spent: what the gateway asks before it spends a query on a stranger's key.
 */
export interface CheckableThrottlerStorage extends ThrottlerStorage {
  check(key: string, limit: number, throttlerName: string): Promise<LimitCheck>;
}
