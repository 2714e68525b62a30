import {
  BATCH_MIGRATIONS,
  foldBatchEvents,
  type ProjectedBatch,
  writeProjectedBatches,
} from '@shipping/batch-app';
import { BATCH_STREAM_PREFIX, type BatchSummaryRow } from '@shipping/batch-domain';
import { type EventStore, migrate, type RecordedEvent, type SqlClient } from '@shipping/event-store';
import { GATEWAY_MIGRATIONS, projectApiKeyEvent } from '@shipping/gateway-app';
import { ORDER_MIGRATIONS, projectAccountEvent, projectOpenOrderRow } from '@shipping/order-app';
import { ORDER_STREAM_PREFIX } from '@shipping/order-domain';
import { ACCOUNT_STREAM_PREFIX, API_KEY_STREAM_PREFIX } from '@shipping/accounts-domain';
import { PICKUP_MIGRATIONS, projectPickupOrder } from '@shipping/pickup-app';
import { PICKUP_STREAM_PREFIX } from '@shipping/pickup-domain';

/** The schemas of the apps whose read models are rebuilt: the same migrations the apps apply. */
export const READ_MODEL_SCHEMAS = [BATCH_MIGRATIONS, ORDER_MIGRATIONS, PICKUP_MIGRATIONS, GATEWAY_MIGRATIONS];

/**
 * The get-batch read model rebuilt from $all: each batch folded in memory with the app's own
 * projection, and the rows written in bulk once enough item rows have piled up, so a
 * 1,000-item batch costs a share of a few statements instead of one transaction per event.
 */
export class BatchRebuild {
  private readonly summaries = new Map<string, BatchSummaryRow>();
  private pending = new Map<string, ProjectedBatch>();
  private pendingItems = 0;
  private writing?: Promise<void>;

  constructor(
    private readonly sql: SqlClient,
    private readonly flushAtItems = 20_000,
  ) {}

  /** Events of `batch-*` streams, in $all order. */
  add(events: readonly RecordedEvent[]): void {
    const byBatch = new Map<string, RecordedEvent[]>();
    for (const event of events) {
      const batchId = event.streamName.slice(BATCH_STREAM_PREFIX.length);
      const list = byBatch.get(batchId);
      if (list) list.push(event);
      else byBatch.set(batchId, [event]);
    }
    for (const [batchId, batchEvents] of byBatch) {
      const before = this.pending.get(batchId);
      const itemsBefore = before?.items.size ?? 0;
      const projected = foldBatchEvents(
        batchId,
        { summary: this.summaries.get(batchId), items: before?.items },
        batchEvents,
      );
      if (!projected) continue;
      this.pending.set(batchId, projected);
      this.summaries.set(batchId, projected.summary);
      this.pendingItems += projected.items.size - itemsBefore;
    }
  }

  get due(): boolean {
    return this.pendingItems >= this.flushAtItems;
  }

  /**
   * Starts writing what is pending once the write before it is done, and lets the caller read and
   * fold on meanwhile: one write in flight at most, so a batch's rows are written in revision order.
   */
  async flush(): Promise<void> {
    await this.writing;
    if (this.pending.size === 0) return;
    const batches = [...this.pending.values()];
    this.pending = new Map();
    this.pendingItems = 0;
    this.writing = this.sql.transaction((tx) => writeProjectedBatches(tx, batches));
    // Awaited by the next flush or by finish(); until then a failure must not count as unhandled.
    this.writing.catch(() => undefined);
  }

  /** Writes the rest and waits for every write. */
  async finish(): Promise<void> {
    await this.flush();
    await this.writing;
  }
}

/** Every page of $all, the next one read while the current one is handled. */
export async function forEachPageOfAll(
  store: EventStore,
  pageSize: number,
  handle: (page: RecordedEvent[]) => Promise<void>,
): Promise<void> {
  const read = (after?: RecordedEvent['position']) => {
    const page = store.readAll({ after, maxCount: pageSize });
    page.catch(() => undefined);
    return page;
  };
  let next = read();
  for (;;) {
    const page = await next;
    const last = page.at(-1);
    if (!last) return;
    next = read(last.position);
    await handle(page);
  }
}

export interface RebuildOptions {
  pageSize?: number;
  onProgress?(events: number): void;
}

/**
 * Every read model (get-batch, open orders, pickup orders, the account directory, the API keys)
 * from the events alone, into `target`.
 */
export async function rebuildReadModels(
  store: EventStore,
  target: SqlClient,
  options: RebuildOptions = {},
): Promise<void> {
  for (const schema of READ_MODEL_SCHEMAS) await migrate(target, schema);
  const batches = new BatchRebuild(target);
  await forEachPageOfAll(store, options.pageSize ?? 5_000, async (page) => {
    const batchEvents: RecordedEvent[] = [];
    for (const event of page) {
      if (event.streamName.startsWith(BATCH_STREAM_PREFIX)) batchEvents.push(event);
      else if (event.streamName.startsWith(ORDER_STREAM_PREFIX)) await projectOpenOrderRow(target, event);
      else if (event.streamName.startsWith(PICKUP_STREAM_PREFIX)) await projectPickupOrder(target, event);
      else if (event.streamName.startsWith(ACCOUNT_STREAM_PREFIX)) await projectAccountEvent(target, event);
      else if (event.streamName.startsWith(API_KEY_STREAM_PREFIX)) await projectApiKeyEvent(target, event);
    }
    batches.add(batchEvents);
    if (batches.due) await batches.flush();
    options.onProgress?.(page.length);
  });
  await batches.finish();
}
