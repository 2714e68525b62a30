import type { AccountLimits, CarrierLimitStore, SlotAnswer } from './carrier-limits';
import { rateWindow } from './carrier-limits';

interface AccountState {
  /** When the calls of the rate's window leave it, oldest first. */
  calls: number[];
  pausedUntil: number;
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
    if (state.pausedUntil > now)
      return { granted: false, retryInMs: Math.ceil(state.pausedUntil - now), waitingFor: 'rate' };
    while (state.calls.length > 0 && state.calls[0] <= now) state.calls.shift();
    const { windowMs, calls } = rateWindow(limits);
    if (state.calls.length >= calls)
      return { granted: false, retryInMs: Math.max(1, Math.ceil(state.calls[0] - now)), waitingFor: 'rate' };
    for (const [id, until] of state.slots) if (until <= now) state.slots.delete(id);
    if (state.slots.size >= limits.concurrency) {
      const retryInMs = Math.max(1, Math.min(...state.slots.values()) - now);
      return { granted: false, retryInMs, waitingFor: 'slot' };
    }
    state.calls.push(now + Math.ceil(windowMs));
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
    state.pausedUntil = Math.max(state.pausedUntil, this.now() + ms);
  }

  private stateOf(account: string): AccountState {
    let state = this.accounts.get(account);
    if (!state) this.accounts.set(account, (state = { calls: [], pausedUntil: 0, slots: new Map() }));
    return state;
  }
}
