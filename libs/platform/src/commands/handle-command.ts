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
  options: { retries?: number } = {},
): Promise<CommandOutcome<Event, State>> {
  for (let attempt = 0; ; attempt++) {
    const recorded = await store.readStream(streamName);
    const state = recorded.reduce((current, event) => decider.evolve(current, event as unknown as Event), decider.initialState);
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { events, state, nextExpectedRevision: recorded.at(-1)?.revision };
    }
    const expectedRevision: ExpectedRevision = recorded.length === 0 ? 'no_stream' : recorded[recorded.length - 1].revision;
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
