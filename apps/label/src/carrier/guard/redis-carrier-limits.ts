import type { Redis } from 'ioredis';
import type { AccountLimits, CarrierLimitStore, SlotAnswer } from './carrier-limits';
import { rateWindow } from './carrier-limits';
import { CARRIER_ACQUIRE_SCRIPT, CARRIER_PAUSE_SCRIPT, CARRIER_RENEW_SCRIPT } from './carrier-limits.script';

type Now = number | '';

interface CarrierLimitCommands {
  carrierAcquire(
    callsKey: string,
    pausedKey: string,
    slotsKey: string,
    windowMs: number,
    calls: number,
    concurrency: number,
    lease: number,
    slotId: string,
    now: Now,
  ): Promise<[granted: number, ms: number, waitingFor?: number]>;
  carrierRenew(slotsKey: string, lease: number, slotId: string, now: Now): Promise<number>;
  carrierPause(pausedKey: string, ms: number, now: Now): Promise<number>;
}

/**
 * The limits in Redis, shared by every instance naming the same server and prefix: one script per
 * acquisition (sent by its digest). Both keys of an account share a hash tag. Throws when Redis
 * does not answer; FallbackCarrierLimits counts in process then.
 */
export class RedisCarrierLimits implements CarrierLimitStore {
  private readonly commands: CarrierLimitCommands;

  /** `now` replaces the Redis server's clock (specs); production leaves it unset. */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
    private readonly now?: () => number,
  ) {
    redis.defineCommand('carrierAcquire', { lua: CARRIER_ACQUIRE_SCRIPT, numberOfKeys: 3 });
    redis.defineCommand('carrierRenew', { lua: CARRIER_RENEW_SCRIPT, numberOfKeys: 1 });
    redis.defineCommand('carrierPause', { lua: CARRIER_PAUSE_SCRIPT, numberOfKeys: 1 });
    this.commands = redis as unknown as CarrierLimitCommands;
  }

  async acquire(account: string, limits: AccountLimits, slotId: string): Promise<SlotAnswer> {
    const { windowMs, calls } = rateWindow(limits);
    const [granted, ms, waitingFor] = await this.commands.carrierAcquire(
      this.key(account, 'calls'),
      this.key(account, 'paused'),
      this.key(account, 'slots'),
      Math.ceil(windowMs),
      calls,
      limits.concurrency,
      limits.slotLeaseMs,
      slotId,
      this.now?.() ?? '',
    );
    if (granted === 1) return { granted: true };
    return { granted: false, retryInMs: ms, waitingFor: waitingFor === 2 ? 'rate' : 'slot' };
  }

  async renew(account: string, limits: AccountLimits, slotId: string): Promise<void> {
    await this.commands.carrierRenew(
      this.key(account, 'slots'),
      limits.slotLeaseMs,
      slotId,
      this.now?.() ?? '',
    );
  }

  async release(account: string, slotId: string): Promise<void> {
    await this.redis.zrem(this.key(account, 'slots'), slotId);
  }

  async pause(account: string, ms: number): Promise<void> {
    await this.commands.carrierPause(this.key(account, 'paused'), Math.ceil(ms), this.now?.() ?? '');
  }

  private key(account: string, part: string): string {
    return `${this.keyPrefix}carrier:{${account}}:${part}`;
  }
}
