import type { RevisedBatchItemRow } from '@shipping/batch-domain';
import type { KeyMode } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';

/**
 * All rows in one statement (a 1,000-item batch is one round trip), each with the mode of its batch
 * at the same position of `modes`; a row never moves back in revision, and never changes mode.
 */
export async function upsertItemRows(
  sql: SqlClient,
  rows: RevisedBatchItemRow[],
  modes: KeyMode[],
): Promise<void> {
  if (rows.length === 0) return;
  await sql.query(
    `insert into batch_items_view (batch_id, item_id, idx, status, errors, tracking, revision, mode)
     select batch_id, item_id, idx, status, errors::json, tracking, revision, mode
     from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::text[])
       as t(batch_id, item_id, idx, status, errors, tracking, revision, mode)
     on conflict (batch_id, item_id) do update
       set status = excluded.status, errors = excluded.errors, tracking = excluded.tracking, revision = excluded.revision
       where batch_items_view.revision < excluded.revision`,
    [
      rows.map((row) => row.batch_id),
      rows.map((row) => row.item_id),
      rows.map((row) => row.index),
      rows.map((row) => row.status),
      rows.map((row) => (row.errors ? JSON.stringify(row.errors) : null)),
      rows.map((row) => row.main_tracking_number),
      rows.map((row) => row.revision.toString()),
      modes,
    ],
  );
}
