import type { Redis } from 'ioredis';
import { type FallbackLogger, RedisFallback } from '@shipping/platform/redis';
import type { AccountLimits, CarrierLimitStore, SlotAnswer } from './carrier-limits';
import { InProcessCarrierLimits } from './in-process-carrier-limits';

export type LimitsLogger = FallbackLogger;

const MESSAGES = {
  shared: 'carrier limits are counted in Redis, shared by every label instance',
  inProcess: 'Redis is not answering: carrier limits are counted in this label process until it does',
};

/**
 * Counts in Redis while it answers and in this process while it does not, as the gateway's rate
 * limits do (decision 65), through the platform's RedisFallback.
 */
export class FallbackCarrierLimits implements CarrierLimitStore {
  private readonly stores: RedisFallback<CarrierLimitStore>;

  constructor(
    redis: Redis,
    shared: CarrierLimitStore,
    logger: LimitsLogger,
    inProcess: CarrierLimitStore = new InProcessCarrierLimits(),
    now: () => number = Date.now,
  ) {
    this.stores = new RedisFallback(redis, shared, inProcess, logger, MESSAGES, now);
  }

  get isShared(): boolean {
    return this.stores.isShared;
  }

  acquire(account: string, limits: AccountLimits, slotId: string): Promise<SlotAnswer> {
    return this.stores.ask((store) => store.acquire(account, limits, slotId));
  }

  renew(account: string, limits: AccountLimits, slotId: string): Promise<void> {
    return this.stores.ask((store) => store.renew(account, limits, slotId));
  }

  async release(account: string, slotId: string): Promise<void> {
    // A slot may have been taken in either store: both let it go.
    await Promise.all([
      this.stores.shared.release(account, slotId).catch(() => undefined),
      this.stores.inProcess.release(account, slotId),
    ]);
  }

  pause(account: string, ms: number): Promise<void> {
    return this.stores.ask((store) => store.pause(account, ms));
  }
}
