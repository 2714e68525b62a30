import type { Direction, Position } from '../event-store';
import type { EventStoreTables } from './schema';
import { maxCountParam } from './sql-values';

/**
 * A page of $all. The hazard it exists for: positions are taken at insert, not at commit, so
 * while transaction A (position 1) is still open, transaction B (position 2) may already be
 * committed. A reader of "global_position > checkpoint" would hand out 2, move its checkpoint
 * past 1, and never see event 1 once A commits.
 *
 * So $all is ordered by (transaction_id, global_position) and only rows below the fence
 * `all_fence()` are read: the oldest transaction still running in this database (or the next
 * id, when none runs), so that part of $all is final and can only grow at its end. Transactions
 * of the server's other databases cannot write here and do not count, though the snapshot lists
 * them too (pg_snapshot_xmin). The price is latency, never order: a long transaction in this
 * database holds the fence back and readers wait for it.
 *
 * With prefixes, every row of the page is still scanned (so the cursor moves past events of
 * other streams) but only matching rows carry their payload.
 */
export interface AllQuery {
  direction: Direction;
  after?: Position;
  maxCount?: number;
  streamNamePrefixes?: string[];
  /** Past the fence too: rows that are not final yet (for counting, never for following). */
  includeNotFinal?: boolean;
}

export function allQuery(
  { schema, events }: Pick<EventStoreTables, 'schema' | 'events'>,
  { direction, after, maxCount, streamNamePrefixes, includeNotFinal }: AllQuery,
) {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const forwards = direction === 'forwards';
  const conditions = includeNotFinal ? ['true'] : [`e.transaction_id < (select ${schema}.all_fence())`];
  if (after) {
    const position = `(${param(after.commit.toString())}::xid8, ${param(after.prepare.toString())}::bigint)`;
    conditions.push(`(e.transaction_id, e.global_position) ${forwards ? '>' : '<'} ${position}`);
  }
  const matched = streamNamePrefixes
    ? `exists (select 1 from unnest(${param(streamNamePrefixes)}::text[]) as p(prefix) where starts_with(e.stream_name, p.prefix))`
    : 'true';
  const order = forwards ? 'asc' : 'desc';
  const sql = `
select m.matched, e.transaction_id::text as commit_position, e.global_position::text as prepare_position,
  e.event_id::text as id, e.stream_name, e.stream_revision::text as revision, e.event_type, e.event_version,
  case when m.matched then e.data end as data, case when m.matched then e.metadata end as metadata, e.event_hash, e.created_at
from ${events} e cross join lateral (select ${matched} as matched) m
where ${conditions.join(' and ')}
order by e.transaction_id ${order}, e.global_position ${order}
limit ${param(maxCountParam(maxCount))}::bigint`;
  return { sql, params };
}
