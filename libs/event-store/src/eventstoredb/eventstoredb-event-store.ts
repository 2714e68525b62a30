import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  MaxAppendSizeExceededError,
  START,
  StreamDeletedError as VendorStreamDeletedError,
  streamNameFilter,
  StreamNotFoundError,
  WrongExpectedVersionError as VendorWrongExpectedVersionError,
} from '@eventstore/db-client';
import {
  AppendSizeExceededError,
  StreamDeletedError,
  WrongExpectedVersionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';
import { CatchUpSubscription } from './catch-up-subscription';
import { toPosition, toProposedEvent, toRecordedEvent, withDefaults } from './event-mapping';
import { chainHashes } from '../audit/event-hash';

/** The stream's event an append follows: revision -1 and no hash before the first. */
interface ChainLink {
  revision: bigint;
  hash: string | null;
}

/** 'any' and 'stream_exists' read the head again when a concurrent writer took the revision first. */
const maxAttempts = 50;
import { readAllEvents } from './read-all';

/**
 * The EventStore on EventStoreDB (KurrentDB) through @eventstore/db-client. Subscriptions need a
 * server that sends `caught_up` (EventStoreDB 23.10 and later) to resolve `caughtUp`. A
 * soft-deleted stream reads as no events and is written again from the revision after its last
 * event (EventStoreDB's rule); a tombstoned one fails reads and appends with `StreamDeletedError`.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly client: EventStoreDBClient;
  private readonly subscriptions = new Set<CatchUpSubscription>();
  private closed = false;

  /** `connectionString`: `esdb://host:2113?tls=false`, or any form the client accepts. */
  constructor(connectionString: string) {
    this.client = EventStoreDBClient.connectionString(connectionString);
  }

  async appendToStream(
    streamName: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    if (streamName === '') throw new TypeError('Stream name must not be empty');
    if (events.length === 0) throw new TypeError(`Nothing to append to ${streamName}: no events`);
    const expected = options.expectedRevision ?? 'any';
    const proposed = events.map(withDefaults);
    for (let attempt = 1; ; attempt++) {
      const previous = await this.previousLink(streamName, expected);
      const hashes = chainHashes(streamName, previous, proposed);
      try {
        const result = await this.client.appendToStream(
          streamName,
          proposed.map((event, index) => toProposedEvent(event, hashes[index])),
          { expectedRevision: previous.revision < 0n ? 'no_stream' : previous.revision },
        );
        if (!result.position)
          throw new Error(`EventStoreDB appended to ${streamName} without reporting a position`);
        return { nextExpectedRevision: result.nextExpectedRevision, position: toPosition(result.position) };
      } catch (error) {
        if (error instanceof VendorWrongExpectedVersionError) {
          if (typeof expected !== 'bigint' && expected !== 'no_stream' && attempt < maxAttempts) continue;
          throw new WrongExpectedVersionError(streamName, expected, error.actualVersion);
        }
        if (error instanceof VendorStreamDeletedError) throw new StreamDeletedError(streamName);
        if (error instanceof MaxAppendSizeExceededError)
          throw new AppendSizeExceededError(streamName, error.maxAppendSize);
        throw error;
      }
    }
  }

  /**
   * The event the append follows, read from the stream: the append then expects exactly its
   * revision, so the hash chains to what the stream holds. A revision that is not there is
   * refused by the server as the wrong expected version.
   */
  private async previousLink(streamName: string, expected: ExpectedRevision): Promise<ChainLink> {
    if (expected === 'no_stream') return { revision: -1n, hash: null };
    if (typeof expected === 'bigint') {
      if (expected < 0n) throw new RangeError(`Expected revision must not be negative: ${expected}`);
      const [event] = await this.readStream(streamName, { fromRevision: expected, maxCount: 1 });
      return { revision: expected, hash: event?.revision === expected ? (event.hash ?? null) : null };
    }
    const [head] = await this.readStream(streamName, { direction: 'backwards', maxCount: 1 });
    if (head) return { revision: head.revision, hash: head.hash ?? null };
    if (expected === 'stream_exists') throw new WrongExpectedVersionError(streamName, expected, 'no_stream');
    return { revision: -1n, hash: null };
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount === 0) return [];
    const forwards = (options.direction ?? 'forwards') === 'forwards';
    const read = this.client.readStream(streamName, {
      direction: forwards ? FORWARDS : BACKWARDS,
      fromRevision: options.fromRevision ?? (forwards ? START : END),
      maxCount: options.maxCount,
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) if (resolved.event) events.push(toRecordedEvent(resolved.event));
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      if (error instanceof VendorStreamDeletedError) throw new StreamDeletedError(streamName);
      throw error;
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    if (options.maxCount === 0) return [];
    return readAllEvents(this.client, options);
  }

  subscribeToAll(handler: SubscriptionHandler, options: SubscribeToAllOptions = {}): Subscription {
    this.assertOpen();
    const prefixes = options.streamNamePrefixes;
    const source = this.client.subscribeToAll({
      fromPosition: options.after ?? START,
      filter: prefixes ? streamNameFilter({ prefixes }) : excludeSystemEvents(),
    });
    const subscription = new CatchUpSubscription(source, handler, options.after, () =>
      this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.dispose();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}
