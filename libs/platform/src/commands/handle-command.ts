import type { Decider } from '@shipping/contracts';
import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedVersionError,
} from '@shipping/event-store';
import { consecutiveRuns } from '../batching/consecutive-runs';
import { LRUCache } from 'lru-cache';

export interface DomainEvent {
  type: string;
  data: unknown;
}

/**
 * State a sole writer already holds (from its last outcome), so a long stream is not read and
 * folded again for each command. If another writer got in between, the append fails on the
 * expected revision and the command is decided again on the state read from the stream.
 */
export interface KnownState<State> {
  state: State;
  revision: bigint | undefined;
}

/** Streams whose folded state is cached, per store and decider: enough for the batches in flight. */
const CACHED_STREAMS = 16;
const foldedStatesByStore = new WeakMap<EventStore, WeakMap<object, LRUCache<string, KnownState<unknown>>>>();

/** The cache of folded states, by stream name, of one decider's streams in one store. */
function foldedStateCache<State>(store: EventStore, decider: object): LRUCache<string, KnownState<State>> {
  let byDecider = foldedStatesByStore.get(store);
  if (!byDecider) foldedStatesByStore.set(store, (byDecider = new WeakMap()));
  let cache = byDecider.get(decider);
  if (!cache) byDecider.set(decider, (cache = new LRUCache({ max: CACHED_STREAMS })));
  return cache as unknown as LRUCache<string, KnownState<State>>;
}

function cacheUnlessOlder<State>(
  cache: LRUCache<string, KnownState<State>>,
  streamName: string,
  folded: KnownState<State>,
): void {
  if (folded.revision === undefined) return;
  const cached = cache.get(streamName);
  // Folds and commands on one stream may finish out of order: the newer state stays.
  if (cached?.revision !== undefined && cached.revision >= folded.revision) return;
  cache.set(streamName, folded);
}

/**
 * A stream's current state. The state of a stream this process folded or wrote lately is cached,
 * and only the events appended since are read and folded onto it: events never change and
 * `evolve` is pure, so that is the fold of the whole stream, without reading a long stream
 * (a 1,000-item batch has thousands of events) again for every command.
 */
export async function foldStream<Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
): Promise<KnownState<State>> {
  const cache = foldedStateCache<State>(store, decider);
  const known = cache.get(streamName);
  const recorded = await store.readStream(
    streamName,
    known?.revision === undefined ? {} : { fromRevision: known.revision + 1n },
  );
  const state = recorded.reduce(
    (current, event) => decider.evolve(current, event as unknown as Event),
    known?.state ?? decider.initialState,
  );
  const folded = { state, revision: recorded.at(-1)?.revision ?? known?.revision };
  cacheUnlessOlder(cache, streamName, folded);
  return folded;
}

/**
 * The most a command appends at once, in bytes as EventStoreDB counts them (the JSON of each
 * event's data and metadata, and twice its type): three quarters of the 1,048,576 bytes KurrentDB
 * documents as the default MaxAppendSize, leaving room for what an adapter adds to the metadata.
 */
export const APPEND_BYTES = 768 * 1024;

const eventBytes = (event: { type: string; data: unknown }, metadata: EventMetadata) =>
  Buffer.byteLength(JSON.stringify(event.data)) +
  Buffer.byteLength(JSON.stringify(metadata)) +
  event.type.length * 2;

/** `events` in order, cut into appends of at most APPEND_BYTES (an event larger than that alone). */
export function appendParts<Event extends DomainEvent>(events: Event[], metadata: EventMetadata): Event[][] {
  return consecutiveRuns(events, (event) => eventBytes(event, metadata), APPEND_BYTES);
}

/**
 * Where `handleCommand` gets the state a command is decided on, and what it tells once it appended.
 * The default folds the stream (`foldedStreams`); a stream too long to fold for each command (an
 * account's ledger) plugs in a loader that reads only what the command looks at, from an index.
 */
export interface StateLoader<Command, Event, State> {
  /** The state `command` is decided on, and the revision of the stream it was read at. */
  load(streamName: string, command: Command): Promise<KnownState<State>>;
  /** `events` were appended on `before`, leaving `after`: a loader keeps what it needs of them. */
  appended(
    streamName: string,
    before: KnownState<State>,
    events: Event[],
    after: KnownState<State>,
  ): Promise<void>;
}

/** The default loader: the stream folded with `evolve`, cached per store and decider (see `foldStream`). */
export function foldedStreams<Command, Event extends DomainEvent, State>(
  store: EventStore,
  decider: Decider<Command, Event, State>,
): StateLoader<Command, Event, State> {
  return {
    load: (streamName) => foldStream(store, streamName, decider),
    appended: async (streamName, _before, _events, after) =>
      cacheUnlessOlder(foldedStateCache<State>(store, decider), streamName, after),
  };
}

export interface CommandOutcome<Event, State> {
  events: Event[];
  state: State;
  nextExpectedRevision: bigint | undefined;
}

export interface HandleCommandOptions<Command, Event extends DomainEvent, State> {
  store: EventStore;
  streamName: string;
  command: Command;
  decider: Decider<Command, Event, State>;
  /** Carried by every event appended (see `eventMetadata`). */
  metadata: EventMetadata;
  /** Concurrency conflicts decided again before the last one surfaces. */
  retries?: number;
  /** The state a sole writer holds already: decided on first instead of the stream's fold. */
  known?: KnownState<State>;
  /** Where the state comes from: the stream's fold unless given. */
  loader?: StateLoader<Command, Event, State>;
  /** Whether a decision larger than APPEND_BYTES may be appended in several appends (see below). */
  inParts?: boolean;
}

/**
 * The one command handler: load the state (the stream folded with `evolve`, or what `loader`
 * reads), `decide`, append with the expected revision. A concurrent writer makes the append fail; deciding again on fresh state is
 * safe because deciders are pure, so conflicts are retried a few times and then surface.
 *
 * `inParts`: a decision larger than APPEND_BYTES is appended in several appends, each expecting
 * the revision the one before left. That is not atomic, so only a decider that decides the rest
 * when given the same command on the state a cut-short write left may ask for it.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>({
  store,
  streamName,
  command,
  decider,
  metadata,
  retries = 3,
  known,
  loader = foldedStreams(store, decider),
  inParts = false,
}: HandleCommandOptions<Command, Event, State>): Promise<CommandOutcome<Event, State>> {
  for (let attempt = 0; ; attempt++) {
    const { state, revision } = attempt === 0 && known ? known : await loader.load(streamName, command);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { events, state, nextExpectedRevision: revision };
    }
    const parts = inParts ? appendParts(events, metadata) : [events];
    let written: KnownState<State> = { state, revision };
    try {
      for (const part of parts) {
        const expectedRevision: ExpectedRevision = written.revision ?? 'no_stream';
        const result = await store.appendToStream(
          streamName,
          part.map((event) => ({ type: event.type, data: event.data, metadata })),
          { expectedRevision },
        );
        const before = written;
        written = {
          state: part.reduce(decider.evolve, before.state),
          revision: result.nextExpectedRevision,
        };
        await loader.appended(streamName, before, part, written);
      }
      return { events, state: written.state, nextExpectedRevision: written.revision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= retries) throw error;
    }
  }
}
