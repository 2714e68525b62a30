import { Unavailable } from '@shipping/contracts';
import { randomUUID } from 'node:crypto';
import { type CircuitSettings, type CircuitState, AccountCircuit } from './account-circuit';
import { AccountSlots } from './account-slots';
import { backoffMs, type BackoffSettings } from './backoff';
import { isRateLimited, isRetriableFault, notCalled, type RetriableFault } from './carrier-fault';
import type { AccountLimits, CarrierLimitStore } from './carrier-limits';
import type { GuardClock } from './guard-clock';
import { guardMetrics } from './guard-metrics';

export interface AccountGuardSettings {
  limits: AccountLimits;
  /** Tries of one call while the circuit stays closed (the first and its retries). */
  attempts: number;
  backoff: BackoffSettings;
  circuit: CircuitSettings;
  /** How long a call waits for an open circuit, counted from its start; then it answers unavailable. */
  maxCircuitWaitMs: number;
  /** A Retry-After longer than this is cut to it. */
  maxRetryAfterMs: number;
}

/** What the guard did for an account in this process: for specs, the bench and the log. */
export interface GuardStats {
  calls: number;
  retries: number;
  rateLimited: number;
  faults: number;
  circuitOpened: number;
  unavailable: number;
}

type Attempt<T> =
  { kind: 'answered'; value: T } | { kind: 'fault'; error: RetriableFault } | { kind: 'held-back' };

/** A 429 without Retry-After pauses the account this long. */
const DEFAULT_RETRY_AFTER_MS = 1_000;

/**
 * Every call to one carrier account from this process: it waits while the account's circuit is
 * open (at most maxCircuitWaitMs, then Unavailable, which callers retry without failing the item),
 * takes a slot and a rate turn shared by every instance, calls, and retries retriable faults with
 * backoff and jitter (a 429 pauses the whole account for its Retry-After). Refusals and errors that
 * are not faults go back to the caller at once.
 */
export class AccountGuard {
  readonly stats: GuardStats = {
    calls: 0,
    retries: 0,
    rateLimited: 0,
    faults: 0,
    circuitOpened: 0,
    unavailable: 0,
  };
  readonly circuit: AccountCircuit;
  private readonly slots: AccountSlots;
  private readonly pauseAccount: (ms: number) => Promise<void>;

  constructor(
    readonly carrier: string,
    readonly account: string,
    private readonly settings: AccountGuardSettings,
    store: CarrierLimitStore,
    private readonly clock: GuardClock,
    private readonly random: () => number = Math.random,
    onCircuit: (state: CircuitState, at: number) => void = () => undefined,
  ) {
    this.slots = new AccountSlots(store, `${carrier}:${account}`, settings.limits, clock);
    this.pauseAccount = (ms) => store.pause(`${carrier}:${account}`, ms);
    this.circuit = new AccountCircuit(settings.circuit, clock, (state, at) => {
      if (state === 'open') this.stats.circuitOpened += 1;
      guardMetrics.circuits.inc({ carrier, state });
      onCircuit(state, at);
    });
  }

  /**
   * `retryAmbiguous: false` is for calls the carrier cannot recognise when repeated (a purchase
   * without idempotency keys): only faults the carrier surely did not act on are retried, and any
   * other fault goes back to the caller at once.
   */
  async run<T>(call: () => Promise<T>, { retryAmbiguous = true } = {}): Promise<T> {
    const startedAt = this.clock.now();
    let retries = 0;
    for (;;) {
      const probe = await this.admitted(startedAt);
      const outcome = await this.attempt(call, probe);
      if (outcome.kind === 'answered') return outcome.value;
      if (outcome.kind === 'held-back') continue;
      if (!retryAmbiguous && outcome.error.unprocessed !== true) throw outcome.error;
      this.stats.retries += 1;
      if (this.circuit.state !== 'closed') continue;
      retries += 1;
      if (retries >= this.settings.attempts) throw outcome.error;
      const wait = backoffMs(retries, this.settings.backoff, this.retryAfterMs(outcome.error), this.random);
      await this.clock.sleep(wait);
    }
  }

  /**
   * One call under a slot; a retriable fault is answered for the caller to retry, anything else
   * settles. A call whose circuit opened while it waited for its slot is held back, uncalled.
   */
  private async attempt<T>(call: () => Promise<T>, probe: boolean): Promise<Attempt<T>> {
    const slotId = randomUUID();
    try {
      await this.slots.take(slotId);
    } catch (error) {
      this.circuit.abandoned(probe);
      throw notCalled(error);
    }
    if (!probe && this.circuit.state !== 'closed') {
      await this.slots.give(slotId);
      return { kind: 'held-back' };
    }
    const renewal = setInterval(
      () => void this.slots.renew(slotId).catch(() => undefined),
      this.settings.limits.slotLeaseMs / 3,
    ).unref();
    try {
      this.stats.calls += 1;
      const value = await call();
      this.circuit.answered(probe);
      guardMetrics.calls.inc({ carrier: this.carrier, outcome: 'answered' });
      return { kind: 'answered', value };
    } catch (error) {
      if (!isRetriableFault(error)) {
        this.circuit.answered(probe);
        guardMetrics.calls.inc({ carrier: this.carrier, outcome: 'answered' });
        throw error;
      }
      guardMetrics.calls.inc({
        carrier: this.carrier,
        outcome: isRateLimited(error) ? 'rate_limited' : 'fault',
      });
      if (isRateLimited(error)) {
        this.stats.rateLimited += 1;
        this.circuit.answered(probe);
        await this.pauseAccount(this.retryAfterMs(error) || DEFAULT_RETRY_AFTER_MS).catch(() => undefined);
      } else {
        this.stats.faults += 1;
        this.circuit.failed(probe);
      }
      return { kind: 'fault', error };
    } finally {
      clearInterval(renewal);
      await this.slots.give(slotId);
    }
  }

  /** Waits while the circuit is open; answers whether the call is its probe. */
  private async admitted(startedAt: number): Promise<boolean> {
    for (;;) {
      const admission = this.circuit.admit();
      if (admission.admitted) return admission.probe;
      const left = startedAt + this.settings.maxCircuitWaitMs - this.clock.now();
      if (left <= 0) {
        this.stats.unavailable += 1;
        guardMetrics.unavailable.inc({ carrier: this.carrier });
        throw notCalled(
          new Unavailable(
            `${this.carrier.toUpperCase()} keeps failing for this account: the label waits and is bought once it answers again.`,
          ),
        );
      }
      await this.clock.sleep(Math.min(admission.waitMs, left));
    }
  }

  private retryAfterMs(fault: RetriableFault): number {
    const seconds = fault.retryAfterSeconds ?? 0;
    return Math.min(seconds * 1000, this.settings.maxRetryAfterMs);
  }
}
