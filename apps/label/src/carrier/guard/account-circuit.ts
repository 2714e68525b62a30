import type { GuardClock } from './guard-clock';

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface CircuitSettings {
  /** Retriable faults in a row (no success between) that open the circuit. */
  failuresToOpen: number;
  /** How long it stays open before one call may probe the carrier. */
  coolDownMs: number;
}

/** Admitted (a probe when half-open), or wait this long and ask again. */
export type Admission = { admitted: true; probe: boolean } | { admitted: false; waitMs: number };

/** While a probe is out, how often the others look whether it came back. */
const PROBE_POLL_MS = 100;

/**
 * One carrier account's circuit in this process: closed, it lets every call through and counts
 * the retriable faults in a row; at `failuresToOpen` it opens and lets none through for
 * `coolDownMs`; then one call probes (half-open) and its outcome closes or opens it again.
 */
export class AccountCircuit {
  private current: CircuitState = 'closed';
  private failures = 0;
  private openedAt = 0;
  private probing = false;

  constructor(
    private readonly settings: CircuitSettings,
    private readonly clock: GuardClock,
    private readonly onChange: (state: CircuitState, at: number) => void = () => undefined,
  ) {}

  get state(): CircuitState {
    return this.current;
  }

  admit(): Admission {
    if (this.current === 'closed') return { admitted: true, probe: false };
    const reopensAt = this.openedAt + this.settings.coolDownMs;
    const now = this.clock.now();
    if (this.current === 'open' && now < reopensAt) return { admitted: false, waitMs: reopensAt - now };
    if (this.current === 'open') this.become('half-open');
    if (this.probing) return { admitted: false, waitMs: PROBE_POLL_MS };
    this.probing = true;
    return { admitted: true, probe: true };
  }

  /** The carrier answered (a label, a refusal, even an answer that is not a label). */
  answered(probe: boolean): void {
    if (probe) this.probing = false;
    this.failures = 0;
    if (this.current !== 'closed') this.become('closed');
  }

  /** A retriable fault (timeout, connection, 5xx). */
  failed(probe: boolean): void {
    if (probe) this.probing = false;
    this.failures += 1;
    const reopen = this.current === 'half-open' && probe;
    if (reopen || (this.current === 'closed' && this.failures >= this.settings.failuresToOpen)) {
      this.openedAt = this.clock.now();
      this.become('open');
    }
  }

  /** A probe that ended without an outcome (its call never started) lets another probe. */
  abandoned(probe: boolean): void {
    if (probe) this.probing = false;
  }

  private become(state: CircuitState): void {
    this.current = state;
    this.onChange(state, this.clock.now());
  }
}
