import {
  comparePositions,
  deliverEvents,
  type Position,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';
import { CaughtUpLatch } from '../caught-up-latch';

export interface SubscriptionPage {
  /** Events to hand to the handler, in $all order. */
  events: RecordedEvent[];
  /** Rows scanned, filtered out or not: a full page means more may follow at once. */
  scanned: number;
  /** Position of the last row scanned. */
  last?: Position;
}

export interface SubscriptionSource {
  readPage(after: Position | undefined, limit: number): Promise<SubscriptionPage>;
  /** The last committed event now, fence or not: catching up means reaching it. */
  headPosition(): Promise<Position | undefined>;
}

export interface PollingSettings {
  after?: Position;
  pageSize: number;
  /** The wait after a wake-up or a read that found rows... */
  pollIntervalMs: number;
  /** ...doubled after each read that found none, up to this. */
  maxPollIntervalMs: number;
}

/**
 * Reads $all page by page, then waits for a wake-up (an append through the same store) or the
 * poll interval, whichever comes first. Appends through this store wake it at once, so polling is
 * for appends by other processes and for events a running transaction held behind the fence: it
 * starts at the base interval after a wake-up or a read that found rows and doubles while reads
 * find nothing, so a dozen idle subscriptions do not keep a database (PGlite runs on this very
 * thread) busy ten times a second each. Events are handled one at a time, or a page at a time;
 * the handler's failure or a failed read ends the subscription and is reported to `onError`.
 */
export class PollingSubscription implements Subscription {
  private readonly latch = new CaughtUpLatch();
  readonly caughtUp = this.latch.promise;
  private readonly finished: Promise<void>;
  private stopped = false;
  private woken = false;
  private wakeUp?: () => void;

  constructor(
    private readonly source: SubscriptionSource,
    private readonly handler: SubscriptionHandler,
    private readonly settings: PollingSettings,
    onEnd: () => void,
  ) {
    this.finished = this.run().finally(onEnd);
  }

  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Waits for the event being handled; do not await it from inside the handler (it would wait for itself). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.finished;
  }

  private async run(): Promise<void> {
    try {
      const head = await this.source.headPosition();
      let cursor = this.settings.after;
      let caughtUp = false;
      let interval = this.settings.pollIntervalMs;
      while (!this.stopped) {
        if (this.woken) interval = this.settings.pollIntervalMs;
        this.woken = false;
        const page = await this.source.readPage(cursor, this.settings.pageSize);
        if (this.handler.onEvents) {
          if (this.stopped) return;
          await deliverEvents(this.handler, page.events);
        } else {
          for (const event of page.events) {
            if (this.stopped) return;
            await this.handler.onEvent(event);
          }
        }
        cursor = page.last ?? cursor;
        if (page.scanned >= this.settings.pageSize) continue;
        if (!caughtUp && reached(cursor, head)) {
          caughtUp = true;
          this.latch.resolve();
        }
        await this.sleep(interval);
        interval =
          page.scanned > 0
            ? this.settings.pollIntervalMs
            : Math.min(interval * 2, this.settings.maxPollIntervalMs);
      }
    } catch (error) {
      this.stopped = true;
      this.latch.failed(this.handler, error);
    } finally {
      this.latch.ended();
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}

function reached(cursor: Position | undefined, head: Position | undefined): boolean {
  if (head === undefined) return true;
  return cursor !== undefined && comparePositions(cursor, head) >= 0;
}
