import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import {
  comparePositions,
  type Position,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';
import { isSystemEvent, toPosition, toRecordedEvent } from './event-mapping';

/** Events held in memory before the gRPC stream is paused (back-pressure to the server). */
export const maxQueued = 500;

/**
 * Hands the events of an EventStoreDB $all subscription to the port's handler one at a time.
 *
 * `caughtUp` follows the server's `caught_up` message. The client reports that message as soon
 * as it parses it, while events sent before it may still wait in the stream's buffer or in this
 * queue; so the message is turned into a count ("caught up once this many events were taken")
 * and resolved only when the handler got that far.
 */
export class CatchUpSubscription implements Subscription {
  readonly caughtUp: Promise<void>;
  private resolveCaughtUp: () => void = () => undefined;
  private rejectCaughtUp: (error: unknown) => void = () => undefined;
  private readonly queue: AllStreamResolvedEvent[] = [];
  private readonly finished: Promise<void>;
  private received = 0;
  private taken = 0;
  private caughtUpAfter?: number;
  private failure?: { error: unknown };
  private stopped = false;
  private wakeUp?: () => void;

  constructor(
    private readonly source: AllStreamSubscription,
    private readonly handler: SubscriptionHandler,
    private readonly after: Position | undefined,
    onEnd: () => void,
  ) {
    this.caughtUp = new Promise<void>((resolve, reject) => {
      this.resolveCaughtUp = resolve;
      this.rejectCaughtUp = reject;
    });
    // Callers that never await caughtUp must not see an unhandled rejection when it fails.
    this.caughtUp.catch(() => undefined);
    source.on('data', (resolved: AllStreamResolvedEvent) => {
      this.received++;
      this.queue.push(resolved);
      if (this.queue.length >= maxQueued) source.pause();
      this.wake();
    });
    source.on('caughtUp', () => {
      this.caughtUpAfter ??= this.received + source.readableLength;
      this.wake();
    });
    source.on('error', (error: unknown) => this.fail(error));
    source.on('end', () => this.fail(new Error('EventStoreDB ended the subscription')));
    this.finished = this.run().finally(onEnd);
  }

  /** Waits for the event being handled; do not await it from inside the handler (it would wait for itself). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.finished;
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        if (this.failure) throw this.failure.error;
        if (this.caughtUpAfter !== undefined && this.taken >= this.caughtUpAfter) this.resolveCaughtUp();
        const next = this.queue.shift();
        if (next === undefined) {
          if (this.source.isPaused()) this.source.resume();
          await this.sleep();
          continue;
        }
        this.taken++;
        const event = this.deliverable(next);
        if (event) await this.handler.onEvent(event);
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
      await this.source.unsubscribe().catch(() => undefined);
    }
  }

  /** The server starts after the checkpoint already; the check also holds for servers that include it. */
  private deliverable(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
    const event = resolved.event;
    if (!event || isSystemEvent(event)) return undefined;
    if (this.after && comparePositions(toPosition(event.position), this.after) <= 0) return undefined;
    return toRecordedEvent(event);
  }

  private fail(error: unknown): void {
    if (this.stopped) return;
    this.failure ??= { error };
    this.wake();
  }

  private wake(): void {
    this.wakeUp?.();
  }

  private sleep(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.wakeUp = () => {
        this.wakeUp = undefined;
        resolve();
      };
    });
  }
}
