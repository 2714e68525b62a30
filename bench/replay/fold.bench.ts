/**
 * bench/replay/fold.bench.ts: the get-batch fold alone, with no database. The events of the
 * replay benchmark's batches (bench-batches.ts, their data through JSON as a read gives it) are cut
 * into pages of $all as four writers interleave them, grouped by batch as the rebuild groups them
 * (outside the timing), then folded page after page onto what is pending as `BatchRebuild.add`
 * does, the pending rows dropped every 20,000 items where the rebuild writes them. Each round
 * folds every event with the fold before decision 78 (kept here only to compare) and with the
 * app's `foldBatchEvents`, in turns, the first one alternating; prints this process's CPU per event
 * of each, min / median / max over the rounds.
 * Run: node --expose-gc -r ./tools/ts-runtime/register.js bench/replay/fold.bench.ts [--batches 100 --items 1000 --rounds 9]
 */
import { parseArgs } from 'node:util';
import { foldBatchEvents, type ProjectedBatch } from '@shipping/batch-app';
import {
  BATCH_STREAM_PREFIX,
  type BatchEvent,
  type BatchItemRow,
  type BatchSummaryRow,
  isBatchEvent,
  projectBatchSummary,
} from '@shipping/batch-domain';
import type { RecordedEvent } from '@shipping/event-store';
import { batchWrites } from './bench-batches';
import { spread } from '../spread';

const { values } = parseArgs({
  options: {
    batches: { type: 'string', default: '100' },
    items: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '9' },
    page: { type: 'string', default: '5000' },
  },
});
const BATCHES = Number(values.batches);
const ITEMS = Number(values.items);
const ROUNDS = Number(values.rounds);
const PAGE = Number(values.page);
const WRITERS = 4;
const FLUSH_AT_ITEMS = 20_000;

type Fold = typeof foldBatchEvents;

/** The fold before decision 78: a row built from a base by spread, then copied again with its revision. */
const rowsBefore = (event: BatchEvent): BatchItemRow[] => {
  const base = (data: { batch_id: string; item_id: string; index: number }) => ({
    batch_id: data.batch_id,
    item_id: data.item_id,
    index: data.index,
    errors: null,
    main_tracking_number: null,
  });
  switch (event.type) {
    case 'ItemValidated':
      return [{ ...base(event.data), status: 'valid' }];
    case 'ItemInvalidated':
      return [{ ...base(event.data), status: 'invalid', errors: event.data.errors }];
    case 'ItemCompleted':
      return [{ ...base(event.data), status: 'completed', main_tracking_number: event.data.tracking_number }];
    case 'ItemFailed':
      return [{ ...base(event.data), status: 'failed' }];
    default:
      return [];
  }
};
const foldBefore: Fold = (batchId, projected, events) => {
  let summary = projected.summary;
  const items = projected.items ?? new Map<string, BatchItemRow & { revision: bigint }>();
  let revision: bigint | undefined;
  for (const event of events) {
    if (!isBatchEvent(event)) continue;
    const batchEvent = event as RecordedEvent & BatchEvent;
    summary = projectBatchSummary(summary, batchEvent);
    for (const row of rowsBefore(batchEvent)) items.set(row.item_id, { ...row, revision: event.revision });
    revision = event.revision;
  }
  if (summary === undefined || revision === undefined) return undefined;
  return { batchId, summary, items, revision };
};

/** Pages of $all, each already grouped by batch: four writers append a batch each, append by append. */
function pagesOfAll(): [string, RecordedEvent[]][][] {
  const all: RecordedEvent[] = [];
  for (let first = 0; first < BATCHES; first += WRITERS) {
    const writes = Array.from({ length: Math.min(WRITERS, BATCHES - first) }, (_, n) =>
      batchWrites(first + n, ITEMS),
    );
    const revisions = writes.map(() => 0n);
    for (let append = 0; writes.some((write) => append < write.appends.length); append++)
      writes.forEach((write, n) => {
        for (const event of write.appends[append] ?? []) {
          const position = BigInt(all.length + 1);
          all.push({
            id: String(all.length),
            streamName: write.streamName,
            revision: revisions[n]++,
            position: { commit: position, prepare: position },
            type: event.type,
            version: 1,
            data: JSON.parse(JSON.stringify(event.data)),
            metadata: JSON.parse(JSON.stringify(event.metadata)),
            createdAt: new Date(),
          } as RecordedEvent);
        }
      });
  }
  const pages: [string, RecordedEvent[]][][] = [];
  for (let from = 0; from < all.length; from += PAGE) {
    const byBatch = new Map<string, RecordedEvent[]>();
    for (const event of all.slice(from, from + PAGE)) {
      const batchId = event.streamName.slice(BATCH_STREAM_PREFIX.length);
      const list = byBatch.get(batchId);
      if (list) list.push(event);
      else byBatch.set(batchId, [event]);
    }
    pages.push([...byBatch]);
  }
  return pages;
}

/** CPU µs per event of one fold over every page, as `BatchRebuild.add` calls it. */
function round(fold: Fold, pages: [string, RecordedEvent[]][][], events: number): number {
  (globalThis as { gc?: () => void }).gc?.();
  const summaries = new Map<string, BatchSummaryRow>();
  let pending = new Map<string, ProjectedBatch>();
  let pendingItems = 0;
  let rows = 0;
  const started = process.cpuUsage();
  for (const page of pages) {
    for (const [batchId, batchEvents] of page) {
      const before = pending.get(batchId);
      const itemsBefore = before?.items.size ?? 0;
      const projected = fold(batchId, { summary: summaries.get(batchId), items: before?.items }, batchEvents);
      if (!projected) continue;
      pending.set(batchId, projected);
      summaries.set(batchId, projected.summary);
      pendingItems += projected.items.size - itemsBefore;
    }
    if (pendingItems >= FLUSH_AT_ITEMS) {
      for (const batch of pending.values()) rows += batch.items.size;
      pending = new Map();
      pendingItems = 0;
    }
  }
  const { user, system } = process.cpuUsage(started);
  for (const batch of pending.values()) rows += batch.items.size;
  if (rows < BATCHES * ITEMS) throw new Error(`only ${rows} item rows written`);
  return (user + system) / events;
}

function main() {
  const pages = pagesOfAll();
  const events = pages.reduce(
    (sum, page) => sum + page.reduce((count, [, batchEvents]) => count + batchEvents.length, 0),
    0,
  );
  console.log(
    `${BATCHES} batches of ${ITEMS} items: ${events.toLocaleString('en-US')} events in pages of ${PAGE}, ${ROUNDS} rounds` +
      `${'gc' in globalThis ? '' : ' (no --expose-gc: collections fall inside the rounds)'}`,
  );
  const folds: [string, Fold][] = [
    ['before (spread rows)', foldBefore],
    ['now (rows built once)', foldBatchEvents],
  ];
  const figures = folds.map((): number[] => []);
  for (let n = 0; n < ROUNDS; n++) {
    const order = n % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) figures[which].push(round(folds[which][1], pages, events));
  }
  console.log('fold CPU per event, µs        min    median     max');
  folds.forEach(([label], which) => {
    const { min, median, max } = spread(figures[which]);
    console.log(
      `${label.padEnd(28)} ${min.toFixed(2).padStart(6)} ${median.toFixed(2).padStart(8)} ${max.toFixed(2).padStart(7)}`,
    );
  });
  const before = spread(figures[0]).median;
  const now = spread(figures[1]).median;
  console.log(`now / before (medians): ${(now / before).toFixed(2)}`);
}

main();
