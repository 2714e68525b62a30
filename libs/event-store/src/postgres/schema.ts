/**
 * The PostgreSQL schema of the event store, for both the server and PGlite.
 *
 * `events` is append-only. Each row carries two positions:
 * - `global_position` (a bigserial: Position.prepare) is taken when the row is inserted;
 * - `transaction_id` (the inserting transaction's xid8: Position.commit).
 * A bigserial alone cannot order $all: positions are handed out at insert, not at commit, so a
 * later position can become visible first. $all is therefore ordered by
 * (transaction_id, global_position) and read only below the oldest running transaction
 * (see all-query.ts). Nothing is shared by every writer: no counter row, no table lock.
 *
 * Optimistic concurrency is the unique key (stream_name, stream_revision): two writers that
 * expect the same revision insert the same key and the second one fails.
 */
const identifier = /^[a-z_][a-z0-9_]{0,62}$/;

export interface EventStoreTables {
  schema: string;
  events: string;
  checkpoints: string;
  auditCheckpoints: string;
}

export const streamRevisionConstraint = 'events_stream_revision_unique';
export const eventIdConstraint = 'events_event_id_unique';

export function eventStoreTables(schema = 'event_store'): EventStoreTables {
  if (!identifier.test(schema)) throw new Error(`Invalid schema name for the event store: ${schema}`);
  return {
    schema,
    events: `${schema}.events`,
    checkpoints: `${schema}.subscription_checkpoints`,
    auditCheckpoints: `${schema}.audit_checkpoints`,
  };
}
