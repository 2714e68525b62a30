import { randomBytes } from 'node:crypto';
import {
  comparePositions,
  type EventData,
  type EventStore,
  type Position,
  type RecordedEvent,
  type Subscription,
} from '../event-store';

export interface EventStoreContractCapabilities {
  /**
   * The store refuses an event id it already holds, in any stream (PostgreSQL's unique key).
   * EventStoreDB only dedupes retried appends to the same stream, so it leaves this off.
   */
  uniqueEventIds?: boolean;
}

export interface ContractContext {
  store(): EventStore;
  capabilities: EventStoreContractCapabilities;
  /** Stopped after each test, so no subscription outlives the test that opened it. */
  track(subscription: Subscription): Subscription;
}

/** A category no other test uses: streams are `<category>-<n>`, subscriptions filter on `<category>-`. */
export function uniqueCategory(): string {
  return `c${randomBytes(6).toString('hex')}`;
}

export function uniqueStream(): string {
  return `${uniqueCategory()}-1`;
}

export function anEvent(n: number, extra: Partial<EventData> = {}): EventData {
  return { type: 'ThingHappened', data: { n }, ...extra };
}

export function events(count: number, from = 0): EventData[] {
  return Array.from({ length: count }, (_, i) => anEvent(from + i));
}

export function numbers(recorded: RecordedEvent[]): unknown[] {
  return recorded.map((event) => (event.data as { n: unknown }).n);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(20);
  }
}

/**
 * Waits until $all can be read up to `position`. Stores may serve $all a little behind appends
 * (PostgreSQL waits for transactions running anywhere on the server); a prefix never changes.
 */
export async function untilReadable(store: EventStore, position: Position): Promise<void> {
  await waitFor('$all to reach the last append', async () => {
    const [head] = await store.readAll({ direction: 'backwards', maxCount: 1 });
    return head !== undefined && comparePositions(head.position, position) >= 0;
  });
}

export interface Recorder {
  events: RecordedEvent[];
  errors: unknown[];
  onEvent(event: RecordedEvent): Promise<void>;
  onError(error: unknown): void;
}

/** A handler of lists that keeps each list it was handed. */
export interface ListRecorder {
  lists: RecordedEvent[][];
  onEvents(events: RecordedEvent[]): Promise<void>;
  onError(error: unknown): void;
}

export function listRecorder(): ListRecorder & { readonly events: RecordedEvent[] } {
  const lists: RecordedEvent[][] = [];
  return {
    lists,
    get events() {
      return lists.flat();
    },
    async onEvents(events) {
      lists.push(events);
    },
    onError() {
      // Failures are asserted through caughtUp in the specs that use this.
    },
  };
}

export function recorder(onEvent?: (event: RecordedEvent, index: number) => Promise<void> | void): Recorder {
  const events: RecordedEvent[] = [];
  const errors: unknown[] = [];
  return {
    events,
    errors,
    async onEvent(event) {
      const index = events.length;
      events.push(event);
      await onEvent?.(event, index);
    },
    onError(error) {
      errors.push(error);
    },
  };
}

export function expectAscending(recorded: RecordedEvent[]): void {
  for (let i = 1; i < recorded.length; i++) {
    expect(comparePositions(recorded[i - 1].position, recorded[i].position)).toBe(-1);
  }
}
