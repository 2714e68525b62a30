/**
 * The event store port. Adapters (PostgreSQL/PGlite, EventStoreDB) translate everything
 * vendor-specific into these types; no vendor type crosses this file.
 */

/** A place in the global ($all) order. `commit` orders first, then `prepare`. */
export interface Position {
  commit: bigint;
  prepare: bigint;
}

export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | bigint;

export interface EventMetadata {
  correlationId?: string;
  causationId?: string;
  accountId?: string;
  [key: string]: unknown;
}

export interface EventData<T = unknown> {
  /** Unique id of the event (uuid); generated when absent. Used by consumers to dedupe. */
  id?: string;
  type: string;
  /** Schema version of `data`; defaults to 1. */
  version?: number;
  data: T;
  metadata?: EventMetadata;
}

export interface RecordedEvent<T = unknown> {
  id: string;
  streamName: string;
  /** 0-based revision of the event in its stream. */
  revision: bigint;
  position: Position;
  type: string;
  version: number;
  data: T;
  metadata: EventMetadata;
  createdAt: Date;
  /**
   * SHA-256 over the event and the hash before it in its stream (see audit/event-hash.ts); absent
   * on an event written before the store chained its events.
   */
  hash?: string;
}

export interface AppendResult {
  /** Revision of the last event written: the expected revision for the next append. */
  nextExpectedRevision: bigint;
  position: Position;
}

export type Direction = 'forwards' | 'backwards';

export interface ReadStreamOptions {
  direction?: Direction;
  /** Inclusive. Default: the start (forwards) or the end (backwards). */
  fromRevision?: bigint;
  maxCount?: number;
}

export interface ReadAllOptions {
  direction?: Direction;
  /** Exclusive: events strictly after (forwards) or before (backwards) this position. */
  after?: Position;
  maxCount?: number;
  /**
   * Also the events committed past the point up to which $all is final (PostgreSQL: behind a
   * transaction still running anywhere on the server; see all-query.ts), which a later read may
   * find others before. For counting what is still to come (a subscription's lag), never for
   * following $all. A store whose $all is always final ignores it.
   */
  includeNotFinal?: boolean;
}

export interface SubscribeToAllOptions {
  /** Exclusive checkpoint; from the very start when absent. */
  after?: Position;
  /** Only events whose stream name starts with one of these prefixes. */
  streamNamePrefixes?: string[];
}

export interface Subscription {
  /**
   * Resolves once every event present at subscription time was handed to the handler; rejects
   * if the subscription fails or is stopped before that.
   */
  readonly caughtUp: Promise<void>;
  stop(): Promise<void>;
}

/**
 * Handler of a subscription. Events arrive in $all order: one at a time to `onEvent`, or, to
 * `onEvents`, all those at hand at once (a page read, or what the server has sent so far), never
 * an empty list. The subscription reads on once the call resolved. If it throws, the
 * subscription stops and `onError` is told; delivery is at-least-once so handlers dedupe.
 */
export type SubscriptionHandler = EventHandling & { onError?(error: unknown): void };

export type EventHandling =
  | { onEvent(event: RecordedEvent): Promise<void>; onEvents?: never }
  | { onEvents(events: RecordedEvent[]): Promise<void>; onEvent?: never };

/**
 * A handling that takes events the way `like` does (one at a time, or a list at once) and passes
 * each delivery on to `handle` as a list: what a wrapper around a handler (checkpoints, upcasting,
 * retries) offers the subscription below it, so the handler keeps the shape it chose.
 */
export function handlingShapedLike(
  like: EventHandling,
  handle: (events: RecordedEvent[]) => Promise<void>,
): EventHandling {
  return like.onEvents ? { onEvents: handle } : { onEvent: (event) => handle([event]) };
}

/** Hands `events` to the handler the way it takes them; nothing when there are none. */
export async function deliverEvents(handling: EventHandling, events: RecordedEvent[]): Promise<void> {
  if (events.length === 0) return;
  if (handling.onEvents) return handling.onEvents(events);
  for (const event of events) await handling.onEvent(event);
}

export interface EventStore {
  /**
   * Appends one or more events atomically; an empty list is refused. Fails with
   * `WrongExpectedVersionError`, `StreamDeletedError`, or `AppendSizeExceededError` when the store
   * takes no append that large.
   */
  appendToStream(
    streamName: string,
    events: EventData[],
    options?: { expectedRevision?: ExpectedRevision },
  ): Promise<AppendResult>;
  /**
   * Events of one stream; an empty array when the stream does not exist (or was deleted in a way
   * that lets it be written again); `StreamDeletedError` when it was deleted for good.
   */
  readStream(streamName: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /**
   * Events of every stream in $all order. A store may serve $all a little behind the latest
   * appends (an SQL store waits for transactions still running when it reads); what it returns
   * is always a prefix that later reads only extend, never reorder.
   */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribeToAll(handler: SubscriptionHandler, options?: SubscribeToAllOptions): Subscription;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  constructor(
    readonly streamName: string,
    readonly expected: ExpectedRevision,
    readonly actual: bigint | 'no_stream',
  ) {
    super(
      `Wrong expected version on stream ${streamName}: expected ${String(expected)}, actual ${String(actual)}`,
    );
    this.name = 'WrongExpectedVersionError';
  }
}

/** The stream was deleted for good (EventStoreDB's tombstone): it can be neither read nor written. */
export class StreamDeletedError extends Error {
  constructor(readonly streamName: string) {
    super(`Stream ${streamName} is deleted`);
    this.name = 'StreamDeletedError';
  }
}

/** The store takes at most `maxAppendSize` bytes in one append (EventStoreDB's MaxAppendSize); nothing was written. */
export class AppendSizeExceededError extends Error {
  constructor(
    readonly streamName: string,
    readonly maxAppendSize: number,
  ) {
    super(`The append to ${streamName} is larger than the ${maxAppendSize} bytes the store takes at once`);
    this.name = 'AppendSizeExceededError';
  }
}

export function comparePositions(a: Position, b: Position): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}
