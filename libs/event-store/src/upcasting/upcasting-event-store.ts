import {
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  handlingShapedLike,
  deliverEvents,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';
import type { Upcasters } from './upcasters';

/**
 * Any adapter behind the port, with every event read (streams, $all, subscriptions) upcast to its
 * type's latest version, and every event appended without a version written as that version.
 * Deciders, projections and process managers therefore only ever see the latest shapes, and the
 * adapters stay unaware of versions beyond storing the number.
 */
export class UpcastingEventStore implements EventStore {
  constructor(
    readonly inner: EventStore,
    private readonly upcasters: Upcasters,
  ) {}

  appendToStream(
    streamName: string,
    events: EventData[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult> {
    const versioned = events.map((event) =>
      event.version === undefined ? { ...event, version: this.upcasters.latestVersion(event.type) } : event,
    );
    return this.inner.appendToStream(streamName, versioned, options);
  }

  async readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readStream(streamName, options)).map((event) => this.upcasters.upcast(event));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return (await this.inner.readAll(options)).map((event) => this.upcasters.upcast(event));
  }

  subscribeToAll(handler: SubscriptionHandler, options?: SubscribeToAllOptions): Subscription {
    const onError = (error: unknown) => handler.onError?.(error);
    const upcast = (event: RecordedEvent) => this.upcasters.upcast(event);
    return this.inner.subscribeToAll(
      { ...handlingShapedLike(handler, (events) => deliverEvents(handler, events.map(upcast))), onError },
      options,
    );
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** The adapter under any upcasting layers: what owns the connection. */
export function adapterOf(store: EventStore): EventStore {
  return store instanceof UpcastingEventStore ? adapterOf(store.inner) : store;
}
