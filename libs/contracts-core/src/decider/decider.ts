/**
 * A domain's business rules as pure functions: `decide` answers the events a command produces on
 * a state, `evolve` folds an event into the state, from `initialState`. Each domain lib exports
 * its decider once; command handling and the given/when/then specs take the same object.
 */
export interface Decider<Command, Event, State> {
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
  initialState: State;
}
