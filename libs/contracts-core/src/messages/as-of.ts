/**
 * A past moment a read is folded up to: the state after a stream revision, or after every event
 * of the stream written at or before a time (ISO 8601 in UTC, to the millisecond).
 */
export type AsOf = { revision: string } | { time: string };

/** The answer to an `as_of` revision the stream has not reached. */
export const asOfPastEndMessage = (last: bigint | undefined) =>
  last === undefined
    ? 'The as_of revision is past the end of the stream, which holds no event yet.'
    : `The as_of revision is past the end of the stream, whose last revision is ${last}.`;
