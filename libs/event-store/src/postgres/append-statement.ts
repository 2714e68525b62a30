import { randomUUID } from 'node:crypto';
import type { EventData, ExpectedRevision } from '../event-store';

/**
 * One INSERT ... SELECT per append: the expected-revision check and the write are a single
 * statement, so an append is one short transaction that locks nothing but its own rows.
 * Revisions are dense (each append starts right after the stream's last revision), which is
 * what lets "revision n exists" stand for "the stream is at n or beyond".
 */
export interface AppendStatement {
  sql: string;
  params: unknown[];
}

interface PreparedEvent {
  id: string;
  type: string;
  version: number;
  data: unknown;
  metadata: Record<string, unknown>;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function appendStatement(
  events: string,
  streamName: string,
  batch: EventData[],
  expected: ExpectedRevision,
): AppendStatement {
  const json = JSON.stringify(batch.map(prepare));
  // `order by b.ord` makes global positions follow revisions inside one append.
  const insert = (revision: string, from: string, where = '') => `
insert into ${events} (event_id, stream_name, stream_revision, event_type, event_version, data, metadata)
select (b.e->>'id')::uuid, $1, ${revision}, b.e->>'type', (b.e->>'version')::integer, b.e->'data', b.e->'metadata'
from ${from}
${where}
order by b.ord
returning stream_revision::text as revision, transaction_id::text as commit_position, global_position::text as prepare_position`;
  const batchRows = `jsonb_array_elements($2::jsonb) with ordinality as b(e, ord)`;
  const head = `(select max(stream_revision) as revision from ${events} where stream_name = $1) head`;

  if (typeof expected === 'bigint') {
    if (expected < 0n) throw new RangeError(`Expected revision must not be negative: ${expected}`);
    return {
      sql: insert(
        '$3::bigint + b.ord',
        batchRows,
        `where exists (select 1 from ${events} where stream_name = $1 and stream_revision = $3::bigint)`,
      ),
      params: [streamName, json, expected.toString()],
    };
  }
  switch (expected) {
    case 'no_stream':
      return { sql: insert('b.ord - 1', batchRows), params: [streamName, json] };
    case 'any':
      return {
        sql: insert('coalesce(head.revision, -1) + b.ord', `${batchRows} cross join ${head}`),
        params: [streamName, json],
      };
    case 'stream_exists':
      return {
        sql: insert(
          'head.revision + b.ord',
          `${batchRows} cross join ${head}`,
          'where head.revision is not null',
        ),
        params: [streamName, json],
      };
    default: {
      const unexpected: never = expected;
      throw new Error(`Unknown expected revision: ${String(unexpected)}`);
    }
  }
}

function prepare(event: EventData): PreparedEvent {
  const id = event.id ?? randomUUID();
  if (!uuid.test(id)) throw new TypeError(`Event id must be a UUID, got "${id}"`);
  if (typeof event.type !== 'string' || event.type === '')
    throw new TypeError('Event type must be a non-empty string');
  const version = event.version ?? 1;
  if (!Number.isInteger(version) || version < 1)
    throw new TypeError(`Event version must be a positive integer, got ${version}`);
  return { id, type: event.type, version, data: event.data ?? null, metadata: event.metadata ?? {} };
}
