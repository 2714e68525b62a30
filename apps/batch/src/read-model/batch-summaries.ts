import type { BatchSummaryRow } from '@shipping/batch-domain';
import type { KeyMode } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';
import { LRUCache } from 'lru-cache';

/** A batch's summary row as stored, with the stream revision it reflects. */
export interface StoredSummary {
  accountId: string;
  mode: KeyMode;
  revision: string;
  doc: BatchSummaryRow;
}

/**
 * The summary rows of recently read batches. Where other processes share the database, any
 * instance of the app may have written a batch since its row was kept, so every read asks for
 * the batch's stored revision (one primary-key lookup) and the row itself comes back only when
 * that revision is not the kept one. Where the database is this process's alone (PGlite), the
 * read model tells of every write (`written`) and a kept row is read with no query.
 */
export class BatchSummaries {
  private readonly rows: LRUCache<string, StoredSummary>;
  private writes = 0;

  constructor(
    private readonly sql: SqlClient,
    capacity: number,
  ) {
    this.rows = new LRUCache<string, StoredSummary>({ max: capacity });
  }

  async read(batchId: string): Promise<StoredSummary | undefined> {
    const kept = this.rows.get(batchId);
    if (kept && this.sql.ownedByThisProcess) return kept;
    const writesBefore = this.writes;
    const { rows } = await this.sql.query<{
      account_id: string;
      mode: KeyMode;
      last_revision: string;
      doc: BatchSummaryRow | null;
    }>(
      `select account_id, mode, last_revision::text as last_revision,
         case when last_revision = $2::bigint then null else doc end as doc
       from batch_view where batch_id = $1`,
      [batchId, kept?.revision ?? null],
    );
    const row = rows[0];
    if (!row) return undefined;
    if (kept && row.doc === null) return kept;
    const stored = {
      accountId: row.account_id,
      mode: row.mode,
      revision: row.last_revision,
      doc: row.doc as BatchSummaryRow,
    };
    // A row loaded while this process wrote a batch may be the older one: it is not kept.
    if (this.writes === writesBefore) this.rows.set(batchId, stored);
    return stored;
  }

  /** This process wrote the batch's rows. */
  written(batchId: string): void {
    this.writes++;
    this.rows.delete(batchId);
  }
}
