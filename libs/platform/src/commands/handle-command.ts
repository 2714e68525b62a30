import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedVersionError,
} from '@shipping/event-store';
import { LruCache } from '../caching/lru-cache';

export interface DomainEvent {
  type: string;
  data: unknown;
}

export interface Decider<Command, Event extends DomainEvent, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
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

/** Streams whose folded state is kept, per store and decider: enough for the batches in flight. */
const STREAMS_KEPT = 16;
const folds = new WeakMap<EventStore, WeakMap<object, LruCache<KnownState<unknown>>>>();

function keptFolds<State>(store: EventStore, decider: object): LruCache<KnownState<State>> {
  let byDecider = folds.get(store);
  if (!byDecider) folds.set(store, (byDecider = new WeakMap()));
  let kept = byDecider.get(decider);
  if (!kept) byDecider.set(decider, (kept = new LruCache(STREAMS_KEPT)));
  return kept as LruCache<KnownState<State>>;
}

function keep<State>(kept: LruCache<KnownState<State>>, streamName: string, known: KnownState<State>): void {
  if (known.revision === undefined) return;
  const current = kept.get(streamName);
  // Folds and commands on one stream may finish out of order: the newer state stays.
  if (current?.revision !== undefined && current.revision >= known.revision) return;
  kept.set(streamName, known);
}

/**
 * A stream's current state. The state of a stream this process folded or wrote lately is kept,
 * and only the events appended since are read and folded onto it: events never change and
 * `evolve` is pure, so that is the fold of the whole stream, without reading a long stream
 * (a 1,000-item batch has thousands of events) again for every command.
 */
export async function foldStream<Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Pick<Decider<unknown, Event, State>, 'evolve' | 'initialState'>,
): Promise<KnownState<State>> {
  const kept = keptFolds<State>(store, decider);
  const known = kept.get(streamName);
  const recorded = await store.readStream(
    streamName,
    known?.revision === undefined ? {} : { fromRevision: known.revision + 1n },
  );
  const state = recorded.reduce(
    (current, event) => decider.evolve(current, event as unknown as Event),
    known?.state ?? decider.initialState,
  );
  const folded = { state, revision: recorded.at(-1)?.revision ?? known?.revision };
  keep(kept, streamName, folded);
  return folded;
}

export interface CommandOutcome<Event, State> {
  events: Event[];
  state: State;
  nextExpectedRevision: bigint | undefined;
}

/**
 * The one command handler: read the stream, fold it with `evolve`, `decide`, append with the
 * expected revision. A concurrent writer makes the append fail; deciding again on fresh state is
 * safe because deciders are pure, so conflicts are retried a few times and then surface.
 */
export async function handleCommand<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  command: Command,
  decider: Decider<Command, Event, State>,
  metadata: EventMetadata,
  options: { retries?: number; known?: KnownState<State> } = {},
): Promise<CommandOutcome<Event, State>> {
  for (let attempt = 0; ; attempt++) {
    const { state, revision } =
      attempt === 0 && options.known ? options.known : await foldStream(store, streamName, decider);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { events, state, nextExpectedRevision: revision };
    }
    const expectedRevision: ExpectedRevision = revision === undefined ? 'no_stream' : revision;
    try {
      const result = await store.appendToStream(
        streamName,
        events.map((event) => ({ type: event.type, data: event.data, metadata })),
        { expectedRevision },
      );
      const outcome = {
        events,
        state: events.reduce(decider.evolve, state),
        nextExpectedRevision: result.nextExpectedRevision,
      };
      keep(keptFolds<State>(store, decider), streamName, {
        state: outcome.state,
        revision: outcome.nextExpectedRevision,
      });
      return outcome;
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= (options.retries ?? 3)) throw error;
    }
  }
}
