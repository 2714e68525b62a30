import type { BatchSummaryRow } from '@shipping/batch-domain';
import type { SqlClient } from '@shipping/event-store';
import { LruCache } from '@shipping/platform';

/** A batch's summary row as stored, with the stream revision it reflects. */
export interface StoredSummary {
  accountId: string;
  revision: string;
  doc: BatchSummaryRow;
}

/**
 * The summary rows of recently read batches. Any instance of the app may have written a batch
 * since a row was kept, so every read asks for the batch's stored revision (one primary-key
 * lookup) and the row itself comes back only when that revision is not the kept one.
 */
export class BatchSummaries {
  private readonly rows: LruCache<StoredSummary>;

  constructor(
    private readonly sql: SqlClient,
    capacity: number,
  ) {
    this.rows = new LruCache<StoredSummary>(capacity);
  }

  async read(batchId: string): Promise<StoredSummary | undefined> {
    const kept = this.rows.get(batchId);
    const { rows } = await this.sql.query<{
      account_id: string;
      last_revision: string;
      doc: BatchSummaryRow | null;
    }>(
      `select account_id, last_revision::text as last_revision,
         case when last_revision = $2::bigint then null else doc end as doc
       from batch_view where batch_id = $1`,
      [batchId, kept?.revision ?? null],
    );
    const row = rows[0];
    if (!row) {
      this.rows.delete(batchId);
      return undefined;
    }
    if (kept && row.doc === null) return kept;
    const stored = {
      accountId: row.account_id,
      revision: row.last_revision,
      doc: row.doc as BatchSummaryRow,
    };
    this.rows.set(batchId, stored);
    return stored;
  }
}
