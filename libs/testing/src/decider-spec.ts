import type { Decider } from '@shipping/contracts';

/**
 * given/when/then for deciders: `given(events).when(command).then(expectedEvents)` or
 * `.thenThrows(check)`, for the decider a domain lib exports.
 */
export function deciderSpec<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return {
    given(events: Event[]) {
      const state = events.reduce(decider.evolve, decider.initialState);
      return {
        when(command: Command) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: Event[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(check: (error: unknown) => void) {
              let thrown: unknown;
              try {
                run();
              } catch (error) {
                thrown = error;
              }
              expect(thrown).toBeDefined();
              check(thrown);
            },
          };
        },
      };
    },
  };
}
