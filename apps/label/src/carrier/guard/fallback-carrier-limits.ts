import type { Redis } from 'ioredis';
import type { AccountLimits, CarrierLimitStore, SlotAnswer } from './carrier-limits';
import { InProcessCarrierLimits } from './in-process-carrier-limits';

/** After a call Redis failed to answer, how long limits are counted in process before Redis is tried again. */
export const REDIS_RETRY_AFTER_MS = 1_000;

export interface LimitsLogger {
  info(message: string): void;
  warn(details: object, message: string): void;
}

/**
 * Counts in Redis while it answers and in this process while it does not, as the gateway's rate
 * limits do (decision 65): a disconnected client refuses at once, a hung one after its command
 * timeout, and the next REDIS_RETRY_AFTER_MS skip Redis. Each change is logged once.
 */
export class FallbackCarrierLimits implements CarrierLimitStore {
  private counting?: 'shared' | 'in-process';
  private retryAt = 0;

  constructor(
    private readonly redis: Redis,
    private readonly shared: CarrierLimitStore,
    private readonly logger: LimitsLogger,
    private readonly inProcess: CarrierLimitStore = new InProcessCarrierLimits(),
    private readonly now: () => number = Date.now,
  ) {
    redis.on('error', (error: Error) => this.countInProcess(error.message));
    redis.on('ready', () => (this.retryAt = 0));
  }

  get isShared(): boolean {
    return this.counting === 'shared' || (this.counting === undefined && this.redis.status === 'ready');
  }

  acquire(account: string, limits: AccountLimits, slotId: string): Promise<SlotAnswer> {
    return this.counted((store) => store.acquire(account, limits, slotId));
  }

  renew(account: string, limits: AccountLimits, slotId: string): Promise<void> {
    return this.counted((store) => store.renew(account, limits, slotId));
  }

  async release(account: string, slotId: string): Promise<void> {
    // A slot may have been taken in either store: both let it go.
    await Promise.all([
      this.shared.release(account, slotId).catch(() => undefined),
      this.inProcess.release(account, slotId),
    ]);
  }

  pause(account: string, ms: number): Promise<void> {
    return this.counted((store) => store.pause(account, ms));
  }

  private async counted<T>(ask: (store: CarrierLimitStore) => Promise<T>): Promise<T> {
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

  private countShared(): void {
    if (this.counting === 'shared') return;
    this.counting = 'shared';
    this.logger.info('carrier limits are counted in Redis, shared by every label instance');
  }

  private countInProcess(reason: string): void {
    if (this.counting === 'in-process') return;
    this.counting = 'in-process';
    this.logger.warn(
      { reason },
      'Redis is not answering: carrier limits are counted in this label process until it does',
    );
  }
}
