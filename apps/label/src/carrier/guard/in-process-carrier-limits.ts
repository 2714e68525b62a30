import type { AccountLimits, CarrierLimitStore, SlotAnswer } from './carrier-limits';
import { intervalOf } from './carrier-limits';

interface AccountState {
  /** When the next call may start (the rate's theoretical arrival time). */
  nextStart: number;
  /** Slot id → lease end. */
  slots: Map<string, number>;
}

/**
 * The limits counted in this process alone: the embedded runtime without Redis, and any instance
 * while Redis does not answer (then each instance enforces the limits by itself).
 */
export class InProcessCarrierLimits implements CarrierLimitStore {
  private readonly accounts = new Map<string, AccountState>();

  constructor(private readonly now: () => number = Date.now) {}

  async acquire(account: string, limits: AccountLimits, slotId: string): Promise<SlotAnswer> {
    const state = this.stateOf(account);
    const now = this.now();
    if (state.nextStart > now)
      return { granted: false, retryInMs: Math.ceil(state.nextStart - now), waitingFor: 'rate' };
    for (const [id, until] of state.slots) if (until <= now) state.slots.delete(id);
    if (state.slots.size >= limits.concurrency) {
      const retryInMs = Math.max(1, Math.min(...state.slots.values()) - now);
      return { granted: false, retryInMs, waitingFor: 'slot' };
    }
    state.nextStart = now + intervalOf(limits);
    state.slots.set(slotId, now + limits.slotLeaseMs);
    return { granted: true };
  }

  async renew(account: string, limits: AccountLimits, slotId: string): Promise<void> {
    const state = this.stateOf(account);
    if (state.slots.has(slotId)) state.slots.set(slotId, this.now() + limits.slotLeaseMs);
  }

  async release(account: string, slotId: string): Promise<void> {
    this.accounts.get(account)?.slots.delete(slotId);
  }

  async pause(account: string, ms: number): Promise<void> {
    const state = this.stateOf(account);
    state.nextStart = Math.max(state.nextStart, this.now() + ms);
  }

  private stateOf(account: string): AccountState {
    let state = this.accounts.get(account);
    if (!state) this.accounts.set(account, (state = { nextStart: 0, slots: new Map() }));
    return state;
  }
}
