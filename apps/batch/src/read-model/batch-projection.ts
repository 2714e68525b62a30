import {
  type BatchEvent,
  type BatchSummaryRow,
  isBatchEvent,
  projectBatchItemRow,
  projectBatchSummary,
  type RevisedBatchItemRow,
} from '@shipping/batch-domain';
import type { KeyMode } from '@shipping/contracts';
import type { RecordedEvent, SqlClient } from '@shipping/event-store';
import { upsertItemRows } from './item-rows';

/** A batch's rows of the get-batch read model after some of its events, not yet written. */
export interface ProjectedBatch {
  batchId: string;
  summary: BatchSummaryRow;
  /** The item rows those events changed, by item id, each with the revision that wrote it. */
  items: Map<string, RevisedBatchItemRow>;
  /** The stream revision of the last event folded in. */
  revision: bigint;
}

/**
 * Folds events of one batch's stream, in stream order and each exactly once, onto what is
 * already projected: the one projection the app's subscription, its commands and the replay
 * tool all run. Events of other types are passed over. Each event's item row is built once, its
 * revision in it; rows already projected (in `projected`, or returned before) are never changed,
 * only replaced in the map by a later event of their item.
 */
export function foldBatchEvents(
  batchId: string,
  projected: { summary?: BatchSummaryRow; items?: ProjectedBatch['items'] },
  events: readonly RecordedEvent[],
): ProjectedBatch | undefined {
  let summary = projected.summary;
  const items = projected.items ?? new Map<string, RevisedBatchItemRow>();
  let revision: bigint | undefined;
  for (const event of events) {
    if (!isBatchEvent(event)) continue;
    const batchEvent = event as RecordedEvent & BatchEvent;
    summary = projectBatchSummary(summary, batchEvent);
    const row = projectBatchItemRow(batchEvent, event.revision);
    if (row) items.set(row.item_id, row);
    revision = event.revision;
  }
  if (summary === undefined || revision === undefined) return undefined;
  return { batchId, summary, items, revision };
}

/** A summary written before rows named their mode (by an instance older than modes) is a test batch's. */
const modeOf = (summary: BatchSummaryRow): KeyMode => summary.mode ?? 'test';

/**
 * Writes projected batches (item rows, then summary rows) in two statements; rows never move back
 * in revision. Every row carries its batch's mode, which never changes.
 */
export async function writeProjectedBatches(
  sql: SqlClient,
  batches: readonly ProjectedBatch[],
): Promise<void> {
  if (batches.length === 0) return;
  const items: RevisedBatchItemRow[] = [];
  const itemModes: KeyMode[] = [];
  for (const batch of batches) {
    const mode = modeOf(batch.summary);
    for (const row of batch.items.values()) {
      items.push(row);
      itemModes.push(mode);
    }
  }
  await upsertItemRows(sql, items, itemModes);
  await sql.query(
    `insert into batch_view (batch_id, account_id, mode, last_revision, doc)
     select batch_id, account_id, mode, last_revision, doc::json
     from unnest($1::text[], $2::text[], $3::text[], $4::bigint[], $5::text[])
       as t(batch_id, account_id, mode, last_revision, doc)
     on conflict (batch_id) do update set last_revision = excluded.last_revision, doc = excluded.doc
     where batch_view.last_revision < excluded.last_revision`,
    [
      batches.map((batch) => batch.batchId),
      batches.map((batch) => batch.summary.account_id),
      batches.map((batch) => modeOf(batch.summary)),
      batches.map((batch) => batch.revision.toString()),
      batches.map((batch) => JSON.stringify(batch.summary)),
    ],
  );
}
