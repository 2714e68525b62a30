import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  BATCH_STREAM_PREFIX,
  type BatchEvent,
  type BatchSummaryRow,
  batchStreamName,
  isBatchEvent,
} from '@shipping/batch-domain';
import {
  BATCH_NOT_FOUND_MESSAGE,
  type BatchItemView,
  type BatchPage,
  deepFreeze,
  type GetBatchQuery,
  NotFound,
  type Tenant,
} from '@shipping/contracts';
import { type EventStore, schemaReady, type SqlClient } from '@shipping/event-store';
import { EVENT_STORE, SQL_CLIENT } from '@shipping/platform/storage';
import { type EventSubscriber, type Recorded, Subscribes } from '@shipping/platform/subscriptions';
import { LRUCache } from 'lru-cache';
import { BATCH_MIGRATIONS } from '../batch.migrations';
import { BatchSummaries } from './batch-summaries';
import { foldBatchEvents, writeProjectedBatches } from './batch-projection';
import { batchPageOf } from './batch-page';

export const BATCH_READ_MODEL_SUBSCRIPTION = 'batch.read-model';

/**
 * The get-batch read model: a summary row per batch and a row per item, built from `batch-*`
 * streams alone. An event of a batch brings the batch up to date from its stream in one
 * transaction; rows move only forward in stream revision, so redeliveries, other instances and
 * a request that catches up at the same time as the subscription change nothing twice. Reads
 * hold with any number of instances: a page kept in memory is reused only at the batch's stored
 * revision (see BatchSummaries).
 */
@Subscribes({
  name: BATCH_READ_MODEL_SUBSCRIPTION,
  streamPrefixes: [BATCH_STREAM_PREFIX],
  accepts: isBatchEvent,
})
@Injectable()
export class BatchReadModel implements EventSubscriber<BatchEvent>, OnModuleInit {
  /** Pages of the batches people are reading, reused while their batch's stored revision is unchanged. */
  private readonly pages = new LRUCache<string, BatchPage>({ max: 256 });
  private readonly summaries: BatchSummaries;
  /** Revision recent batches are known to be projected to, so redelivered events cost no query. */
  private readonly projected = new LRUCache<string, bigint>({ max: 10_000 });

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {
    this.summaries = new BatchSummaries(sql, 10_000);
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  async handle(event: Recorded<BatchEvent>): Promise<void> {
    const batchId = event.streamName.slice(BATCH_STREAM_PREFIX.length);
    if ((this.projected.get(batchId) ?? -1n) < event.revision) await this.catchUp(batchId);
  }

  /** Projects every event of the batch not yet in the read model (read-your-writes for commands). */
  async catchUp(batchId: string): Promise<void> {
    const { rows } = await this.sql.query<{ last_revision: string; doc: BatchSummaryRow }>(
      'select last_revision, doc from batch_view where batch_id = $1',
      [batchId],
    );
    const from = rows[0] ? BigInt(rows[0].last_revision) + 1n : 0n;
    const events = await this.store.readStream(batchStreamName(batchId), { fromRevision: from });
    const projected = foldBatchEvents(batchId, { summary: rows[0]?.doc }, events);
    if (!projected) return;
    await this.sql.transaction((tx) => writeProjectedBatches(tx, [projected]));
    this.summaries.written(batchId);
    this.projected.set(batchId, projected.revision);
  }

  /**
   * A batch of another account or of the other key mode is not found (decision 101). The items are
   * read in a statement of their own, which names the revision they reflect: a page is answered (and
   * kept) only when that is the summary's revision, so a page never says a revision its items have
   * moved past.
   */
  async get(tenant: Tenant, query: GetBatchQuery): Promise<BatchPage> {
    for (;;) {
      const stored = await this.summaries.read(query.batch_id);
      if (!stored || stored.accountId !== tenant.accountId || stored.mode !== tenant.mode)
        throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
      const { doc } = stored;
      if (doc.status === 'creating') throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
      const key = [query.batch_id, stored.revision, query.status ?? '', query.page, query.per_page].join('|');
      const cached = this.pages.get(key);
      if (cached) return cached;
      const items = await this.items(tenant, query);
      if (items.revision !== stored.revision) continue;
      // Frozen, so the transport can reuse the page's JSON text as long as it is cached.
      const page = deepFreeze(batchPageOf({ ...doc, status: doc.status }, items.rows, stored.revision));
      this.pages.set(key, page);
      return page;
    }
  }

  /** The page's item rows (plus at most one more) and the batch's stored revision, in one snapshot. */
  private async items(tenant: Tenant, query: GetBatchQuery): Promise<{ revision: string; rows: ItemRow[] }> {
    const filter = query.status ? 'and status = $5' : '';
    const { rows } = await this.sql.query<{ revision: string; items: ItemRow[] }>(
      `select v.last_revision::text as revision, coalesce((
         select json_agg(i order by i.idx) from (
           select idx, item_id, status, errors, tracking as main_tracking_number from batch_items_view
           where batch_id = $1 and mode = $4 ${filter}
           order by idx limit $2 offset $3) i), '[]'::json) as items
       from batch_view v where v.batch_id = $1`,
      [
        query.batch_id,
        query.per_page + 1,
        (query.page - 1) * query.per_page,
        tenant.mode,
        ...(query.status ? [query.status] : []),
      ],
    );
    return { revision: rows[0].revision, rows: rows[0].items };
  }
}

interface ItemRow {
  item_id: string;
  status: BatchItemView['status'];
  errors: BatchItemView['errors'];
  main_tracking_number: string | null;
}
