import { randomUUID } from 'node:crypto';
import type { EventData } from '../event-store';
import { type CanonicalPayload, canonicalPayload, chainHashes } from '../audit/event-hash';

/**
 * One INSERT ... SELECT per append, each event with its revision and chained hash computed here
 * from the stream's previous event (`previous`). Optimistic concurrency is the unique
 * (stream, revision): a writer that read the same previous event inserts the same revision and
 * fails. The WHERE makes sure `previous` is still the stored event it was read as (a head kept
 * from an append whose transaction rolled back is not). Revisions stay dense, which is what lets
 * "revision n exists" stand for "the stream is at n or beyond".
 */
export interface AppendStatement {
  sql: string;
  params: unknown[];
}

/** The stream's event an append follows: revision -1 and no hash before the first. */
export interface ChainLink {
  revision: bigint;
  hash: string | null;
}

export const streamStart: ChainLink = { revision: -1n, hash: null };

interface PreparedEvent {
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  /** The canonical text of data and metadata: hashed, and stored as it is. */
  payload: CanonicalPayload;
  hash?: string;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The events ready to insert, and the link the last of them makes. */
export function prepareBatch(
  streamName: string,
  batch: EventData[],
  previous: ChainLink,
): { events: PreparedEvent[]; last: ChainLink } {
  const events = batch.map(prepare);
  const hashes = chainHashes(streamName, previous, events);
  events.forEach((event, index) => (event.hash = hashes[index]));
  return {
    events,
    last: { revision: previous.revision + BigInt(events.length), hash: hashes[hashes.length - 1] },
  };
}

export function appendStatement(
  table: string,
  streamName: string,
  events: PreparedEvent[],
  previous: ChainLink,
): AppendStatement {
  // The canonical payload texts are JSON already: written into the batch as they are, not again.
  const json = `[${events
    .map(
      (event) =>
        `{"id":"${event.id}","type":${JSON.stringify(event.type)},"version":${event.version},` +
        `"hash":"${event.hash}","data":${event.payload.data},"metadata":${event.payload.metadata}}`,
    )
    .join(',')}]`;
  const follows =
    previous.revision < 0n
      ? ''
      : `where exists (select 1 from ${table} p where p.stream_name = $1 and p.stream_revision = $3::bigint and p.event_hash is not distinct from $4::text)`;
  // `order by b.ord` makes global positions follow revisions inside one append.
  const sql = `
insert into ${table} (event_id, stream_name, stream_revision, event_type, event_version, data, metadata, event_hash)
select (b.e->>'id')::uuid, $1, $3::bigint + b.ord, b.e->>'type', (b.e->>'version')::integer, b.e->'data', b.e->'metadata', b.e->>'hash'
from jsonb_array_elements($2::jsonb) with ordinality as b(e, ord)
${follows}
order by b.ord
returning stream_revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position`;
  const params: unknown[] = [streamName, json, previous.revision.toString()];
  if (previous.revision >= 0n) params.push(previous.hash);
  return { sql, params };
}

function prepare(event: EventData): PreparedEvent {
  const id = event.id ?? randomUUID();
  if (!uuid.test(id)) throw new TypeError(`Event id must be a UUID, got "${id}"`);
  if (typeof event.type !== 'string' || event.type === '')
    throw new TypeError('Event type must be a non-empty string');
  const version = event.version ?? 1;
  if (!Number.isInteger(version) || version < 1)
    throw new TypeError(`Event version must be a positive integer, got ${version}`);
  const data = event.data ?? null;
  const metadata = event.metadata ?? {};
  return { id, type: event.type, version, data, metadata, payload: canonicalPayload(data, metadata) };
}
