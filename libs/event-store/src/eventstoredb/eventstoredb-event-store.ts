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
  type AppendExpectedRevision,
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
import { toPosition, toProposedEvent, toRecordedEvent } from './event-mapping';
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
    try {
      const result = await this.client.appendToStream(streamName, events.map(toProposedEvent), {
        expectedRevision: toVendorRevision(expected),
      });
      if (!result.position)
        throw new Error(`EventStoreDB appended to ${streamName} without reporting a position`);
      return { nextExpectedRevision: result.nextExpectedRevision, position: toPosition(result.position) };
    } catch (error) {
      if (error instanceof VendorWrongExpectedVersionError) {
        throw new WrongExpectedVersionError(streamName, expected, error.actualVersion);
      }
      if (error instanceof VendorStreamDeletedError) throw new StreamDeletedError(streamName);
      if (error instanceof MaxAppendSizeExceededError)
        throw new AppendSizeExceededError(streamName, error.maxAppendSize);
      throw error;
    }
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

function toVendorRevision(expected: ExpectedRevision): AppendExpectedRevision {
  return expected;
}
