import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';

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
  pollIntervalMs: number;
}

/**
 * Reads $all page by page, then waits for a wake-up (an append through the same store) or the
 * poll interval, whichever comes first. One event is handled at a time; the handler's failure or
 * a failed read ends the subscription and is reported to `onError`.
 */
export class PollingSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  private resolveCaughtUp: () => void = () => undefined;
  private rejectCaughtUp: (error: unknown) => void = () => undefined;
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
    this.caughtUp = new Promise<void>((resolve, reject) => {
      this.resolveCaughtUp = resolve;
      this.rejectCaughtUp = reject;
    });
    // Callers that never await caughtUp must not see an unhandled rejection when it fails.
    this.caughtUp.catch(() => undefined);
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
      while (!this.stopped) {
        this.woken = false;
        const page = await this.source.readPage(cursor, this.settings.pageSize);
        for (const event of page.events) {
          if (this.stopped) return;
          await this.handler.onEvent(event);
        }
        cursor = page.last ?? cursor;
        if (page.scanned >= this.settings.pageSize) continue;
        if (!caughtUp && reached(cursor, head)) {
          caughtUp = true;
          this.resolveCaughtUp();
        }
        await this.sleep();
      }
    } catch (error) {
      this.stopped = true;
      this.rejectCaughtUp(error);
      try {
        this.handler.onError?.(error);
      } catch {
        // onError is the last place to report to; its own failure has nowhere to go.
      }
    } finally {
      this.rejectCaughtUp(new Error('The subscription stopped before it caught up'));
    }
  }

  private sleep(): Promise<void> {
    if (this.woken || this.stopped) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, this.settings.pollIntervalMs);
      this.wakeUp = done;
    });
  }
}

function reached(cursor: Position | undefined, head: Position | undefined): boolean {
  if (head === undefined) return true;
  return cursor !== undefined && comparePositions(cursor, head) >= 0;
}
