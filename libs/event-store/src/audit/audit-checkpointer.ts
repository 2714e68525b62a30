import type { EventStore, RecordedEvent } from '../event-store';
import { eventHash } from './event-hash';
import { type AuditCheckpoint, nextCheckpointBody, signCheckpoint } from './audit-checkpoint';
import type { AuditSigningKey } from './signing-keys';
import type { SqlAuditCheckpoints } from './sql-audit-checkpoints';

/**
 * The hash an event enters the $all chain with: its stored one, or, for an event stored before the
 * chain (EventStoreDB keeps those as they are), the hash of its own fields alone.
 */
export function chainedHashOf(event: RecordedEvent): string {
  return (
    event.hash ??
    eventHash({
      streamName: event.streamName,
      revision: event.revision,
      type: event.type,
      version: event.version,
      data: event.data,
      metadata: event.metadata,
      previousHash: null,
    })
  );
}

/**
 * Records the checkpoints $all is owed: one per `maxEvents` events after the latest, up to the
 * end of $all as the store serves it, or none when nothing was appended since; with `wholeOnly`,
 * only those of exactly `maxEvents` events (the tail waits for more). Every instance may run it;
 * the first to record a sequence keeps it and the others give their round up.
 */
export async function recordCheckpoints(
  store: EventStore,
  checkpoints: SqlAuditCheckpoints,
  key: AuditSigningKey,
  maxEvents: number,
  options: { wholeOnly?: boolean } = {},
): Promise<AuditCheckpoint[]> {
  const recorded: AuditCheckpoint[] = [];
  let latest = await checkpoints.latest();
  for (;;) {
    const events = await store.readAll({ after: latest?.position, maxCount: maxEvents });
    if (events.length === 0 || (options.wholeOnly && events.length < maxEvents)) return recorded;
    const checkpoint = signCheckpoint(nextCheckpointBody(latest, events, chainedHashOf), key);
    if (!(await checkpoints.record(checkpoint))) return recorded;
    recorded.push(checkpoint);
    latest = checkpoint;
    if (events.length < maxEvents) return recorded;
  }
}
