import type { AllStreamResolvedEvent, AllStreamSubscription } from '@eventstore/db-client';
import {
  comparePositions,
  deliverEvents,
  type Position,
  type RecordedEvent,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';
import { CaughtUpLatch } from '../caught-up-latch';
import { isSystemEvent, toPosition, toRecordedEvent } from './event-mapping';

/** Events held in memory before the gRPC stream is paused (back-pressure to the server). */
export const maxQueued = 500;

/**
 * Hands the events of an EventStoreDB $all subscription to the port's handler in order: one at a
 * time, or all those queued at once to a handler of lists.
 *
 * `caughtUp` follows the server's `caught_up` message. The client reports that message as soon
 * as it parses it, while events sent before it may still wait in the stream's buffer or in this
 * queue; so the message is turned into a count ("caught up once this many events were taken")
 * and resolved only when the handler got that far.
 */
export class CatchUpSubscription implements Subscription {
  private readonly latch = new CaughtUpLatch();
  readonly caughtUp = this.latch.promise;
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
        if (this.caughtUpAfter !== undefined && this.taken >= this.caughtUpAfter) this.latch.resolve();
        // A handler of lists takes everything queued, after one turn of the event loop lets the
        // messages the client has already received join; one of single events takes the first.
        if (this.handler.onEvents && this.queue.length > 0) {
          await new Promise((turn) => setImmediate(turn));
          if (this.stopped) break;
        }
        const taken = this.handler.onEvents ? this.queue.splice(0) : this.queue.splice(0, 1);
        if (taken.length === 0) {
          if (this.source.isPaused()) this.source.resume();
          await this.sleep();
          continue;
        }
        this.taken += taken.length;
        await deliverEvents(
          this.handler,
          taken.map((resolved) => this.deliverable(resolved)).filter((event) => event !== undefined),
        );
      }
    } catch (error) {
      this.stopped = true;
      this.latch.failed(this.handler, error);
    } finally {
      this.latch.ended();
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
