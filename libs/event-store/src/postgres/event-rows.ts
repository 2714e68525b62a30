import type { EventMetadata, Position, RecordedEvent } from '../event-store';
import { toBigInt, toDate, toJson } from './sql-values';

/** Every 64-bit column is cast to text so no driver rounds it through a double. */
export const eventColumns = `
  e.transaction_id::text  as commit_position,
  e.global_position::text as prepare_position,
  e.event_id::text        as id,
  e.stream_name,
  e.stream_revision::text as revision,
  e.event_type,
  e.event_version,
  e.data,
  e.metadata,
  e.event_hash,
  e.created_at`;

export interface EventRow {
  commit_position: unknown;
  prepare_position: unknown;
  id: string;
  stream_name: string;
  revision: unknown;
  event_type: string;
  event_version: number;
  data: unknown;
  metadata: unknown;
  event_hash: string | null;
  created_at: unknown;
}

export function rowPosition(row: { commit_position: unknown; prepare_position: unknown }): Position {
  return { commit: toBigInt(row.commit_position), prepare: toBigInt(row.prepare_position) };
}

export function toRecordedEvent(row: EventRow): RecordedEvent {
  return {
    id: row.id,
    streamName: row.stream_name,
    revision: toBigInt(row.revision),
    position: rowPosition(row),
    type: row.event_type,
    version: Number(row.event_version),
    data: toJson(row.data),
    metadata: toJson<EventMetadata>(row.metadata),
    createdAt: toDate(row.created_at),
    ...(row.event_hash ? { hash: row.event_hash } : {}),
  };
}
