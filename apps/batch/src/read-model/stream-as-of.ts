import { type AsOf, asOfPastEndMessage, ValidationFailed } from '@shipping/contracts';
import type { EventStore, RecordedEvent } from '@shipping/event-store';

/** Beyond this, a revision is past the end of any stream a batch or a ledger keeps. */
const MAX_READ = 2 ** 31;

/** The events of a stream up to a moment, and whether the moment is a revision the stream has not reached. */
export interface StreamAsOf {
  events: RecordedEvent[];
  pastEnd: boolean;
}

/**
 * A stream's events up to and including the revision, or every event written at or before the
 * time (to the millisecond), in stream order.
 */
export async function readStreamAsOf(store: EventStore, stream: string, asOf: AsOf): Promise<StreamAsOf> {
  if ('revision' in asOf) {
    const revision = BigInt(asOf.revision);
    const count = revision + 1n < BigInt(MAX_READ) ? Number(revision + 1n) : MAX_READ;
    const events = await store.readStream(stream, { maxCount: count });
    const last = events.at(-1)?.revision;
    return { events, pastEnd: last === undefined || last < revision };
  }
  const time = Date.parse(asOf.time);
  const events = await store.readStream(stream);
  const end = events.findIndex((event) => event.createdAt.getTime() > time);
  return { events: end === -1 ? events : events.slice(0, end), pastEnd: false };
}

/** 422 for a revision the stream has not reached, naming its last one. */
export function pastEndOf(events: readonly RecordedEvent[]): ValidationFailed {
  return ValidationFailed.field('as_of', asOfPastEndMessage(events.at(-1)?.revision));
}
