import { deepFreeze } from '@shipping/contracts-core';
import { comparePositions, type Position, type RecordedEvent } from '../event-store';

/** Where a stretch of $all starts: just after a position, or at the very beginning (null). */
type Start = Position | null;

const samePlace = (a: Position | undefined, b: Start): boolean =>
  a === undefined ? b === null : b !== null && comparePositions(a, b) === 0;

/**
 * The newest stretch of $all read by this process. Rows read below the fence are final (see
 * all-query.ts): every event between two of them was among them, and none can appear there later.
 * So a page after any position inside the stretch is a slice of it, and the live subscriptions of
 * one store, which all follow the head of $all, read each page from the database once between them
 * instead of once each. Kept events are frozen: every subscription is handed the same objects.
 */
export class AllTail {
  private events: RecordedEvent[] = [];
  /** Undefined until a page is remembered. */
  private start: Start | undefined;

  constructor(private readonly maxEvents: number) {}

  /** The position the stretch ends at: a page read from the database after it extends the stretch. */
  get end(): Start | undefined {
    return this.events.at(-1)?.position ?? this.start;
  }

  /** Whether the events after `after` (the beginning of $all when undefined) start inside the stretch. */
  covers(after: Position | undefined): boolean {
    const { start, end } = this;
    if (start === undefined || end === undefined) return false;
    if (after === undefined) return start === null;
    return (
      (start === null || comparePositions(after, start) >= 0) &&
      (end === null || comparePositions(after, end) <= 0)
    );
  }

  /** Whether `after` lies before the stretch: a subscription catching up on history, not following the head. */
  isBehind(after: Position | undefined): boolean {
    const { start } = this;
    if (start === undefined || start === null) return false;
    return after === undefined || comparePositions(after, start) < 0;
  }

  /** Up to `limit` kept events after `after`, which the stretch must cover. */
  after(after: Position | undefined, limit: number): RecordedEvent[] {
    let low = 0;
    let high = this.events.length;
    if (after !== undefined) {
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (comparePositions(this.events[middle].position, after) <= 0) low = middle + 1;
        else high = middle;
      }
    }
    return this.events.slice(low, low + limit);
  }

  /**
   * Keeps a page read from the database after `after`: it extends the stretch when it starts at its
   * end, replaces it when it reaches further, and is ignored otherwise. Returns the page frozen.
   */
  remember(after: Position | undefined, page: RecordedEvent[]): RecordedEvent[] {
    const events = page.map(deepFreeze);
    const end = this.end;
    if (end !== undefined && samePlace(after, end)) {
      this.events.push(...events);
    } else if (
      end === undefined ||
      (events.length > 0 && (end === null || comparePositions(events[events.length - 1].position, end) > 0))
    ) {
      this.start = after ?? null;
      this.events = events;
    } else {
      return events;
    }
    const excess = this.events.length - this.maxEvents;
    if (excess > 0) {
      this.start = this.events[excess - 1].position;
      this.events = this.events.slice(excess);
    }
    return events;
  }
}
