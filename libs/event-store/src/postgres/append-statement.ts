import { createHash } from 'node:crypto';
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
 * An append ready to insert, as the statement reads it: the events' data, a JSON array; beside it,
 * one item an event in each of three array literals: its hash, the place in `kinds` of its type,
 * version and metadata, and its id where the caller gave one (the server generates the others).
 * `kinds` lists the append's runs of events that share type, version and metadata, as a JSON array
 * of `[type, version, metadata]`: each is sent once. `last` is the link its last event makes.
 */
export interface PreparedBatch {
  data: string;
  hashes: string;
  kindOf: string;
  /** Null when no event carries an id. */
  ids: string | null;
  kinds: string;
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
  let kinds = '[';
  let kind = -1;
  let metadata: unknown;
  let metadataText = '';
  let type: unknown;
  let typeJson = '';
  let version = 0;
  let eventHash = '';
  let data = '[';
  let hashes = '{';
  let kindOf = '{';
  let ids: string | undefined;
  for (let index = 0; index < batch.length; index++) {
    const event = batch[index];
    const eventMetadata = event.metadata ?? {};
    const eventVersion = event.version ?? 1;
    if (event.type !== type || eventVersion !== version || eventMetadata !== metadata || index === 0) {
      if (typeof event.type !== 'string' || event.type === '')
        throw new TypeError('Event type must be a non-empty string');
      if (!Number.isInteger(eventVersion) || eventVersion < 1)
        throw new TypeError(`Event version must be a positive integer, got ${eventVersion}`);
      if (event.type !== type) typeJson = JSON.stringify(event.type);
      if (eventMetadata !== metadata || index === 0) metadataText = jsonText(canonicalJson(eventMetadata));
      type = event.type;
      version = eventVersion;
      metadata = eventMetadata;
      kinds += (++kind === 0 ? '[' : ',[') + typeJson + ',' + version + ',' + metadataText + ']';
    }
    const dataText = jsonText(canonicalJson(event.data ?? null));
    eventHash = chain.next(dataText, metadataText, typeJson, version);
    const separator = index === 0 ? '' : ',';
    data += separator + dataText;
    hashes += separator + eventHash;
    kindOf += separator + kind;
    if (event.id !== undefined || ids !== undefined) ids = idsBefore(ids, index) + checkedId(event.id);
  }
  return {
    data: data + ']',
    hashes: hashes + '}',
    kindOf: kindOf + '}',
    ids: ids === undefined ? null : ids + '}',
    kinds: kinds + ']',
    last: { revision: previous.revision + BigInt(batch.length), hash: eventHash },
  };
}

/** The uuid[] literal up to the event at `index`: null for each event before the first with an id. */
function idsBefore(ids: string | undefined, index: number): string {
  if (ids !== undefined) return ids + ',';
  return '{' + 'null,'.repeat(index);
}

function checkedId(id: string | undefined): string {
  if (id === undefined) return 'null';
  if (!uuid.test(id)) throw new TypeError(`Event id must be a UUID, got "${id}"`);
  return id;
}

function jsonText(text: string | undefined): string {
  if (text === undefined) throw new TypeError('Event data and metadata must be JSON');
  return text;
}

export function appendStatement(
  table: string,
  streamName: string,
  { data, hashes, kindOf, ids, kinds }: Omit<PreparedBatch, 'last'>,
  previous: ChainLink,
): AppendStatement {
  const params: unknown[] = [streamName, data, previous.revision.toString(), kinds, hashes, kindOf, ids];
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
    ? `where exists (select 1 from ${table} p where p.stream_name = $1 and p.stream_revision = $3::bigint and p.event_hash is not distinct from $8::text)`
    : '';
  // `order by b.ord` makes global positions follow revisions inside one append; the list of kinds
  // is parsed once (an init plan); only the last row goes back, the one the append answers with.
  return `
with appended as (
insert into ${table} (event_id, stream_name, stream_revision, event_type, event_version, data, metadata, event_hash)
select coalesce(b.id, gen_random_uuid()), $1, $3::bigint + b.ord, (select $4::jsonb) -> b.kind ->> 0,
  ((select $4::jsonb) -> b.kind ->> 1)::integer, b.data, (select $4::jsonb) -> b.kind -> 2, b.hash
from rows from (json_array_elements($2::json), unnest($5::text[]), unnest($6::integer[]), unnest($7::uuid[]))
  with ordinality as b(data, hash, kind, id, ord)
${where}
order by b.ord
returning stream_revision, transaction_id, global_position)
select stream_revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position
from appended order by stream_revision desc limit 1`;
}
