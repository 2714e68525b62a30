import {
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  WrongExpectedVersionError,
} from '@shipping/event-store';

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

async function fold<Command, Event extends DomainEvent, State>(
  store: EventStore,
  streamName: string,
  decider: Decider<Command, Event, State>,
): Promise<KnownState<State>> {
  const recorded = await store.readStream(streamName);
  const state = recorded.reduce((current, event) => decider.evolve(current, event as unknown as Event), decider.initialState);
  return { state, revision: recorded.at(-1)?.revision };
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
    const { state, revision } = attempt === 0 && options.known ? options.known : await fold(store, streamName, decider);
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
      return { events, state: events.reduce(decider.evolve, state), nextExpectedRevision: result.nextExpectedRevision };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= (options.retries ?? 3)) throw error;
    }
  }
}
