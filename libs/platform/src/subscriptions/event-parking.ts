import type { Logger } from '@nestjs/common';
import { type EventHandling, deliverEvents, type RecordedEvent } from '@shipping/event-store';
import { randomUUID } from 'node:crypto';
import type { ParkedEvent, ParkedEvents } from './parked-events';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Keeps one event that a handler keeps failing on from blocking a subscription: after
 * `maxAttempts` failed attempts the event is parked and the subscription moves on. Later events
 * of its stream are parked behind it, so a stream is never handled out of order, and they are
 * handed over again in order, with it, when an operator asks for a retry.
 *
 * Attempts are counted in this process: a restart starts the count again, which only delays
 * parking. Which streams are blocked is a hint kept here; the table decides (`parkBehind`).
 */
export class EventParking {
  private readonly attempts = new Map<string, number>();
  private readonly blocked = new Set<string>();
  private readonly holder = randomUUID();

  constructor(
    private readonly parked: ParkedEvents,
    private readonly name: string,
    private readonly handling: EventHandling,
    private readonly logger: Logger,
    private readonly maxAttempts: number,
  ) {}

  async load(): Promise<void> {
    for (const stream of await this.parked.blockedStreams(this.name)) this.blocked.add(stream);
    const count = await this.parked.count(this.name);
    if (count > 0)
      this.logger.warn(
        { subscription: this.name, parked: count },
        `subscription ${this.name}: ${count} events parked`,
      );
  }

  /**
   * Hands `events` over; throws when one failed fewer than `maxAttempts` times (the subscription
   * starts again from its checkpoint after a delay), parks it at the last attempt.
   */
  async handle(events: RecordedEvent[]): Promise<void> {
    const free = await this.withoutBlocked(events);
    if (free.length === 0) return;
    try {
      await deliverEvents(this.handling, free);
      this.attempts.clear();
      return;
    } catch (error) {
      if (free.length === 1) return this.failed(free[0], error);
    }
    // A list failed: one event at a time, to learn which one fails.
    for (const event of free) {
      if ((await this.withoutBlocked([event])).length === 0) continue;
      try {
        await deliverEvents(this.handling, [event]);
      } catch (error) {
        await this.failed(event, error);
      }
    }
    this.attempts.clear();
  }

  /** Hands over again, in order, the parked events an operator asked to retry. */
  async retryRequested(): Promise<void> {
    let claimed = await this.parked.claimRetries(this.name, this.holder);
    while (claimed.length > 0) {
      const cleared: string[] = [];
      for (const [stream, parked] of byStream(claimed)) {
        this.blocked.add(stream);
        if (await this.retryStream(parked)) cleared.push(stream);
      }
      claimed = await this.parked.claimStreams(this.name, cleared, this.holder);
    }
  }

  private async retryStream(parked: ParkedEvent[]): Promise<boolean> {
    for (const { event } of parked) {
      await this.parked.renewRetry(this.name, event.streamName, this.holder);
      try {
        await deliverEvents(this.handling, [event]);
      } catch (error) {
        await this.parked.failedAgain(this.name, event, messageOf(error));
        this.logger.error(
          { err: error, subscription: this.name, eventId: event.id, stream: event.streamName },
          `subscription ${this.name}: parked event ${event.id} failed again; its stream stays parked`,
        );
        return false;
      }
      await this.parked.handled(this.name, event.id);
    }
    this.logger.log(
      { subscription: this.name, stream: parked[0].event.streamName, retried: parked.length },
      `subscription ${this.name}: ${parked.length} parked events of ${parked[0].event.streamName} handled`,
    );
    return true;
  }

  private async withoutBlocked(events: RecordedEvent[]): Promise<RecordedEvent[]> {
    const free: RecordedEvent[] = [];
    for (const event of events) {
      if (this.blocked.has(event.streamName)) {
        const behind = await this.parked.parkBehind(this.name, event);
        if (behind === 'parked') continue;
        if (behind === 'clear') this.blocked.delete(event.streamName);
      }
      free.push(event);
    }
    return free;
  }

  private async failed(event: RecordedEvent, error: unknown): Promise<void> {
    const attempts = (this.attempts.get(event.id) ?? 0) + 1;
    this.attempts.set(event.id, attempts);
    if (attempts < this.maxAttempts) throw error;
    await this.parked.park(this.name, event, messageOf(error), attempts);
    this.attempts.delete(event.id);
    this.blocked.add(event.streamName);
    const count = await this.parked.count(this.name);
    this.logger.error(
      { err: error, subscription: this.name, eventId: event.id, stream: event.streamName, parked: count },
      `subscription ${this.name} parked event ${event.id} (${event.type} of ${event.streamName}) after ${attempts} attempts; ${count} events parked`,
    );
  }
}

function byStream(parked: ParkedEvent[]): Map<string, ParkedEvent[]> {
  const streams = new Map<string, ParkedEvent[]>();
  for (const one of parked)
    streams.set(one.event.streamName, [...(streams.get(one.event.streamName) ?? []), one]);
  return streams;
}
