/** One carrier account's limits, shared by every instance that guards it. */
export interface AccountLimits {
  /** Calls started per second, spaced evenly (one every 1000 / ratePerSecond ms). */
  ratePerSecond: number;
  /** Calls under way at once. */
  concurrency: number;
  /** How long a slot holds unless renewed: how soon a crashed instance's slot comes back. */
  slotLeaseMs: number;
}

/** A slot and the rate's turn taken for a call starting now; or not, and when to ask again. */
export type SlotAnswer =
  { granted: true } | { granted: false; retryInMs: number; waitingFor: 'slot' | 'rate' };

/**
 * The counters behind the guard: a slot of the account's concurrency and a turn of its rate,
 * taken together. Keys are `carrier:<code>:<account-key>`.
 */
export interface CarrierLimitStore {
  acquire(account: string, limits: AccountLimits, slotId: string): Promise<SlotAnswer>;
  renew(account: string, limits: AccountLimits, slotId: string): Promise<void>;
  release(account: string, slotId: string): Promise<void>;
  /** No call of the account starts for `ms` (the carrier's Retry-After). */
  pause(account: string, ms: number): Promise<void>;
}

export const intervalOf = (limits: AccountLimits) => 1000 / limits.ratePerSecond;
