import { BACKWARDS, END, FORWARDS, START, type EventStoreDBClient } from '@eventstore/db-client';
import { comparePositions, type ReadAllOptions, type RecordedEvent } from '../event-store';
import { isSystemEvent, toPosition, toRecordedEvent } from './event-mapping';

const pageSize = 1_000;

/**
 * $all in pages. EventStoreDB reads forwards from a position *including* the event at it, while
 * the port's `after` is exclusive, so each page asks for one event more and drops the boundary.
 * System events are dropped too, and do not count towards `maxCount`: hence pages, not one read.
 */
export async function readAllEvents(
  client: EventStoreDBClient,
  options: ReadAllOptions,
): Promise<RecordedEvent[]> {
  const forwards = (options.direction ?? 'forwards') === 'forwards';
  const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
  const events: RecordedEvent[] = [];
  let cursor = options.after;
  while (events.length < limit) {
    const requested = Math.min(limit - events.length + 1, pageSize);
    const page = client.readAll({
      direction: forwards ? FORWARDS : BACKWARDS,
      fromPosition: cursor ?? (forwards ? START : END),
      maxCount: requested,
    });
    let scanned = 0;
    for await (const resolved of page) {
      scanned++;
      const event = resolved.event;
      if (!event) continue;
      const position = toPosition(event.position);
      if (cursor && comparePositions(position, cursor) * (forwards ? 1 : -1) <= 0) continue;
      cursor = position;
      if (!isSystemEvent(event) && events.length < limit) events.push(toRecordedEvent(event));
    }
    if (scanned < requested) break;
  }
  return events;
}
