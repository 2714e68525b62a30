import { createHash, randomUUID } from 'node:crypto';
import type { EventData } from '../event-store';
import { canonicalJson } from '../audit/canonical-json';
import { ChainHasher } from '../audit/event-hash';

/**
 * One INSERT ... SELECT per append, each event with its revision and chained hash computed here
 * from the stream's previous event (`previous`). Optimistic concurrency is the unique
 * (stream, revision): a writer that read the same previous event inserts the same revision and
 * fails. The WHERE makes sure `previous` is still the stored event it was read as (a head kept
 * from an append whose transaction rolled back is not). Revisions stay dense, which is what lets
 * "revision n exists" stand for "the stream is at n or beyond".
 */
export interface AppendStatement {
  /** The name the statement is prepared under: the server parses and plans it once per connection. */
  name: string;
  sql: string;
  params: unknown[];
}

/** The stream's event an append follows: revision -1 and no hash before the first. */
export interface ChainLink {
  revision: bigint;
  hash: string | null;
}

export const streamStart: ChainLink = { revision: -1n, hash: null };

/**
 * An append ready to insert: its events as the JSON array the statement reads, each naming its
 * metadata by its place in `metadata` (the append's distinct metadata texts, a JSON array, sent
 * once), and the link its last event makes.
 */
export interface PreparedBatch {
  rows: string;
  metadata: string;
  last: ChainLink;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The events ready to insert, in one pass: each event's data written as RFC 8785 text, hashed,
 * then written into the batch as it is, not encoded again. The events of one command usually
 * share one metadata object and one type: each is written once while it repeats.
 */
export function prepareBatch(streamName: string, batch: EventData[], previous: ChainLink): PreparedBatch {
  const chain = new ChainHasher(streamName, previous, batch.length);
  const metadataTexts: string[] = [];
  let metadata: unknown;
  let metadataText = '';
  let type: unknown;
  let typeJson = '';
  let eventHash = '';
  let rows = '[';
  for (let index = 0; index < batch.length; index++) {
    const event = batch[index];
    const id = event.id ?? randomUUID();
    if (event.id !== undefined && !uuid.test(id)) throw new TypeError(`Event id must be a UUID, got "${id}"`);
    if (event.type !== type || index === 0) {
      if (typeof event.type !== 'string' || event.type === '')
        throw new TypeError('Event type must be a non-empty string');
      type = event.type;
      typeJson = JSON.stringify(type);
    }
    const version = event.version ?? 1;
    if (!Number.isInteger(version) || version < 1)
      throw new TypeError(`Event version must be a positive integer, got ${version}`);
    const eventMetadata = event.metadata ?? {};
    if (eventMetadata !== metadata || index === 0) {
      metadata = eventMetadata;
      metadataText = jsonText(canonicalJson(eventMetadata));
      metadataTexts.push(metadataText);
    }
    const dataText = jsonText(canonicalJson(event.data ?? null));
    eventHash = chain.next(dataText, metadataText, typeJson, version);
    rows +=
      (index === 0 ? '{"id":"' : ',{"id":"') +
      id +
      '","type":' +
      typeJson +
      ',"version":' +
      version +
      ',"hash":"' +
      eventHash +
      '","data":' +
      dataText +
      ',"m":' +
      (metadataTexts.length - 1) +
      '}';
  }
  return {
    rows: rows + ']',
    metadata: '[' + metadataTexts.join(',') + ']',
    last: { revision: previous.revision + BigInt(batch.length), hash: eventHash },
  };
}

function jsonText(text: string | undefined): string {
  if (text === undefined) throw new TypeError('Event data and metadata must be JSON');
  return text;
}

export function appendStatement(
  table: string,
  streamName: string,
  { rows, metadata }: Pick<PreparedBatch, 'rows' | 'metadata'>,
  previous: ChainLink,
): AppendStatement {
  const params: unknown[] = [streamName, rows, previous.revision.toString(), metadata];
  if (previous.revision < 0n) return { ...statementText(table, false), params };
  params.push(previous.hash);
  return { ...statementText(table, true), params };
}

const texts = new Map<string, { name: string; sql: string }>();

/** The two texts of a table's append, each with the name it is prepared under once per connection. */
function statementText(table: string, follows: boolean): { name: string; sql: string } {
  const key = `${follows}:${table}`;
  let text = texts.get(key);
  if (!text) {
    const sql = insertSql(table, follows);
    text = { name: 'append_' + createHash('sha256').update(sql).digest('hex').slice(0, 32), sql };
    texts.set(key, text);
  }
  return text;
}

function insertSql(table: string, follows: boolean): string {
  const where = follows
    ? `where exists (select 1 from ${table} p where p.stream_name = $1 and p.stream_revision = $3::bigint and p.event_hash is not distinct from $5::text)`
    : '';
  // `order by b.ord` makes global positions follow revisions inside one append; the metadata list
  // is parsed once (an init plan); only the last row goes back, the one the append answers with.
  return `
with appended as (
insert into ${table} (event_id, stream_name, stream_revision, event_type, event_version, data, metadata, event_hash)
select (b.e->>'id')::uuid, $1, $3::bigint + b.ord, b.e->>'type', (b.e->>'version')::integer, b.e->'data', (select $4::jsonb) -> ((b.e->>'m')::integer), b.e->>'hash'
from jsonb_array_elements($2::jsonb) with ordinality as b(e, ord)
${where}
order by b.ord
returning stream_revision, transaction_id, global_position)
select stream_revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position
from appended order by stream_revision desc limit 1`;
}
