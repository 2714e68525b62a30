import type { AccountLimits, CarrierLimitStore } from './carrier-limits';
import type { GuardClock } from './guard-clock';

/** The longest a waiting call goes without asking again for a slot another instance may have freed. */
const MAX_POLL_MS = 20;

interface Waiter {
  slotId: string;
  granted(): void;
  failed(error: unknown): void;
}

/**
 * The calls of one carrier account in this process, waiting in order for a slot and the rate's
 * turn: only the first asks the store, so a thousand waiting items cost one question at a time,
 * not a thousand. The first sleeps until the turn the store names; a slot given back here wakes it
 * at once, one freed by another instance is found by polling.
 */
export class AccountSlots {
  private readonly waiting: Waiter[] = [];
  private pumping = false;
  private wake?: () => void;

  constructor(
    private readonly store: CarrierLimitStore,
    private readonly account: string,
    private readonly limits: AccountLimits,
    private readonly clock: GuardClock,
  ) {}

  /** Resolves once the slot is held and the rate's turn taken: the call starts at once. */
  take(slotId: string): Promise<void> {
    return new Promise((granted, failed) => {
      this.waiting.push({ slotId, granted, failed });
      void this.pump();
    });
  }

  renew(slotId: string): Promise<void> {
    return this.store.renew(this.account, this.limits, slotId);
  }

  async give(slotId: string): Promise<void> {
    await this.store.release(this.account, slotId).catch(() => undefined);
    this.wake?.();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.waiting.length > 0) {
        const head = this.waiting[0];
        try {
          const answer = await this.store.acquire(this.account, this.limits, head.slotId);
          if (answer.granted) {
            this.waiting.shift();
            head.granted();
          } else if (answer.waitingFor === 'rate') await this.clock.sleep(answer.retryInMs);
          else await this.nap(Math.min(answer.retryInMs, MAX_POLL_MS));
        } catch (error) {
          this.waiting.shift();
          head.failed(error);
        }
      }
    } finally {
      this.pumping = false;
    }
  }

  private async nap(ms: number): Promise<void> {
    await new Promise<void>((done) => {
      this.wake = done;
      void this.clock.sleep(ms).then(done);
    });
    this.wake = undefined;
  }
}
