import { randomUUID } from 'node:crypto';
import {
  jsonEvent,
  type EventData as VendorEventData,
  type JSONType,
  type Position as VendorPosition,
  type RecordedEvent as VendorRecordedEvent,
} from '@eventstore/db-client';
import type { EventData, EventMetadata, Position, RecordedEvent } from '../event-store';

/**
 * What the adapter writes as an event's custom metadata. EventStoreDB has no schema-version
 * field, so the version travels next to the port's metadata instead of mixed into it, where a
 * metadata key of the same name would be ambiguous.
 */
interface StoredMetadata {
  version: number;
  metadata: EventMetadata;
  /** The event's chained hash (audit/event-hash.ts); absent on events written before the chain. */
  hash?: string;
}

/** The port's event with its defaults filled in: what is written, and what its hash covers. */
export interface ProposedEvent {
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: EventMetadata;
}

export function withDefaults(event: EventData): ProposedEvent {
  return {
    id: event.id ?? randomUUID(),
    type: event.type,
    version: event.version ?? 1,
    data: event.data ?? null,
    metadata: event.metadata ?? {},
  };
}

export function toProposedEvent(event: ProposedEvent, hash: string): VendorEventData {
  const metadata: StoredMetadata = { version: event.version, metadata: event.metadata, hash };
  return jsonEvent({ id: event.id, type: event.type, data: event.data as JSONType, metadata });
}

export function toPosition(position: VendorPosition): Position {
  return { commit: position.commit, prepare: position.prepare };
}

/** EventStoreDB's own streams (`$...`) and event types (`$metadata`, links `$>`) are not domain events. */
export function isSystemEvent(event: VendorRecordedEvent): boolean {
  return event.streamId.startsWith('$') || event.type.startsWith('$');
}

export function toRecordedEvent(event: VendorRecordedEvent): RecordedEvent {
  if (!event.position)
    throw new Error(`EventStoreDB sent event ${event.id} of ${event.streamId} without its position`);
  const { version, metadata, hash } = storedMetadata(event.metadata);
  return {
    id: event.id,
    streamName: event.streamId,
    revision: event.revision,
    position: toPosition(event.position),
    type: event.type,
    version,
    data: event.data,
    metadata,
    createdAt: event.created,
    ...(hash ? { hash } : {}),
  };
}

/** Events written by other producers carry plain (or no) metadata: they read as version 1. */
function storedMetadata(raw: unknown): StoredMetadata {
  if (isRecord(raw) && typeof raw['version'] === 'number' && isRecord(raw['metadata'])) {
    const hash = typeof raw['hash'] === 'string' ? raw['hash'] : undefined;
    return { version: raw['version'], metadata: raw['metadata'] as EventMetadata, hash };
  }
  return { version: 1, metadata: isRecord(raw) ? (raw as EventMetadata) : {} };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Uint8Array)
  );
}
