/** One carrier account's limits, shared by every instance that guards it. */
export interface AccountLimits {
  /** Calls started in any one second (give or take RATE_WINDOW_MARGIN_MS). */
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

/**
 * A call counts against the rate a little longer than a second, so that calls arriving at the
 * carrier a few milliseconds closer together than they started still fit its one-second windows.
 */
export const RATE_WINDOW_MARGIN_MS = 50;

/** The rate as calls per window: a rate below one a second is counted over a longer window. */
export function rateWindow(limits: AccountLimits): { windowMs: number; calls: number } {
  const calls = Math.max(1, Math.floor(limits.ratePerSecond));
  return { windowMs: (calls / limits.ratePerSecond) * 1000 + RATE_WINDOW_MARGIN_MS, calls };
}
