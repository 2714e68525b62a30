/**
 * Orders in which an at-least-once subscription may hand a stream's events over: after the
 * stream's first event (where its row starts), later events before earlier ones and older events
 * again, as a crash, a rebalance or a slower instance of the app hands them over.
 */
export function redeliveries<T>(events: readonly T[]): T[][] {
  const first = events[0];
  const rest = events.slice(1);
  return [
    [...events, ...[...events].reverse()],
    [first, ...[...rest].reverse(), ...events],
    [first, ...rest.flatMap((event) => [event, first]), ...rest],
  ];
}
