import type { BatchSummaryRow } from '@shipping/batch-domain';
import { LruCache } from '@shipping/platform';

/** A batch's summary row as stored, with the stream revision it reflects. */
export interface StoredSummary {
  accountId: string;
  revision: string;
  doc: BatchSummaryRow;
}

/**
 * The summary rows of recently read batches, so a page read costs no query. The read model calls
 * `written` after each catch-up of a batch (its own commit, or rows another process wrote, seen
 * through the subscription); a row loaded while that happened may be the older one, so it is not
 * kept.
 */
export class BatchSummaries {
  private readonly rows: LruCache<StoredSummary>;
  private writes = 0;

  constructor(capacity: number) {
    this.rows = new LruCache<StoredSummary>(capacity);
  }

  async read(
    batchId: string,
    load: () => Promise<StoredSummary | undefined>,
  ): Promise<StoredSummary | undefined> {
    const cached = this.rows.get(batchId);
    if (cached) return cached;
    const writesBefore = this.writes;
    const loaded = await load();
    if (loaded && this.writes === writesBefore) this.rows.set(batchId, loaded);
    return loaded;
  }

  written(batchId: string): void {
    this.writes++;
    this.rows.delete(batchId);
  }
}
