import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import {
  BATCH_STREAM_PREFIX,
  type BatchEvent,
  batchResults,
  type BatchSummaryRow,
  batchStreamName,
  type BatchItemRow,
  isBatchEvent,
  projectBatchItemRows,
  projectBatchSummary,
} from '@shipping/batch-domain';
import {
  BATCH_NOT_FOUND_MESSAGE,
  type BatchItemView,
  type BatchPage,
  type GetBatchQuery,
  NotFound,
} from '@shipping/contracts';
import {
  type EventStore,
  type RecordedEvent,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import { EVENT_STORE, SQL_CLIENT, startStoredSubscription } from '@shipping/platform';
import { BATCH_READ_MODEL_SCHEMA } from './batch.read-model.schema';
import { upsertItemRows } from './item-rows';
import { LruCache } from './lru-cache';

export const BATCH_READ_MODEL_SUBSCRIPTION = 'batch.read-model';

/**
 * The get-batch read model: a summary row per batch and a row per item, built from `batch-*`
 * streams alone. An event of a batch brings the batch up to date from its stream in one
 * transaction; rows move only forward in stream revision, so redeliveries and a request that
 * catches up at the same time as the subscription change nothing twice.
 */
@Injectable()
export class BatchReadModel implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BatchReadModel.name);
  private subscription?: Subscription;
  /** Pages of the batches people are reading, reused while their batch's revision is unchanged. */
  private readonly pages = new LruCache<BatchPage>(256);
  /** Revision recent batches are known to be projected to, so redelivered events cost no query. */
  private readonly projected = new LruCache<bigint>(10_000);

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.sql.exec(BATCH_READ_MODEL_SCHEMA);
    this.subscription = await startStoredSubscription(this.sql, this.store, {
      name: BATCH_READ_MODEL_SUBSCRIPTION,
      streamNamePrefixes: [BATCH_STREAM_PREFIX],
      onEvent: async (event) => {
        const batchId = event.streamName.slice(BATCH_STREAM_PREFIX.length);
        if ((this.projected.get(batchId) ?? -1n) < event.revision) await this.catchUp(batchId);
      },
      logger: this.logger,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
  }

  /** Projects every event of the batch not yet in the read model (read-your-writes for commands). */
  async catchUp(batchId: string): Promise<void> {
    const { rows } = await this.sql.query<{ last_revision: string; doc: BatchSummaryRow }>(
      'select last_revision, doc from batch_view where batch_id = $1',
      [batchId],
    );
    const from = rows[0] ? BigInt(rows[0].last_revision) + 1n : 0n;
    const events = (await this.store.readStream(batchStreamName(batchId), { fromRevision: from })).filter(
      (event): event is RecordedEvent & BatchEvent => isBatchEvent(event),
    );
    if (events.length === 0) return;
    let summary = rows[0]?.doc;
    const items = new Map<string, BatchItemRow & { revision: bigint }>();
    for (const event of events) {
      summary = projectBatchSummary(summary, event);
      for (const row of projectBatchItemRows(event)) items.set(row.item_id, { ...row, revision: event.revision });
    }
    const last = events[events.length - 1];
    await this.sql.transaction(async (tx) => {
      await upsertItemRows(tx, [...items.values()]);
      await tx.query(
        `insert into batch_view (batch_id, account_id, last_revision, doc) values ($1, $2, $3, $4)
         on conflict (batch_id) do update set last_revision = excluded.last_revision, doc = excluded.doc
         where batch_view.last_revision < excluded.last_revision`,
        [batchId, summary?.account_id, last.revision.toString(), JSON.stringify(summary)],
      );
    });
    this.projected.set(batchId, last.revision);
  }

  async get(accountId: string, query: GetBatchQuery): Promise<BatchPage> {
    const { rows } = await this.sql.query<{ doc: BatchSummaryRow; last_revision: string }>(
      'select doc, last_revision from batch_view where batch_id = $1 and account_id = $2',
      [query.batch_id, accountId],
    );
    const summary = rows[0]?.doc;
    if (!summary) throw new NotFound(BATCH_NOT_FOUND_MESSAGE);
    const key = [query.batch_id, rows[0].last_revision, query.status ?? '', query.page, query.per_page].join('|');
    const cached = this.pages.get(key);
    if (cached) return cached;
    const page = await this.page(summary, query);
    this.pages.set(key, page);
    return page;
  }

  private async page(summary: BatchSummaryRow, query: GetBatchQuery): Promise<BatchPage> {
    const filter = query.status ? 'and status = $4' : '';
    const items = await this.sql.query<{ item_id: string; status: BatchItemView['status']; errors: BatchItemView['errors']; tracking: string | null }>(
      `select item_id, status, errors, tracking from batch_items_view where batch_id = $1 ${filter}
       order by idx limit $2 offset $3`,
      [query.batch_id, query.per_page + 1, (query.page - 1) * query.per_page, ...(query.status ? [query.status] : [])],
    );
    return {
      batch: {
        id: summary.id,
        status: summary.status,
        default_service: summary.default_service,
        default_shipper_id: summary.default_shipper_id,
        results: batchResults(summary.counts),
        label_keys: summary.label_keys,
      },
      items: items.rows.map((row) => ({
        id: row.item_id,
        status: row.status,
        errors: row.errors,
        shipment_order: row.tracking ? { main_tracking_number: row.tracking } : null,
      })),
    };
  }
}
