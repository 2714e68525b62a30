/**
 * bench/labels: the cost of keeping label PDFs in the label app's database (LABEL_STORE=database)
 * rather than in a folder (LABEL_STORE=files), on the PostgreSQL server. Each run stores 1,000
 * labels drawn beforehand (ten chunks of 100, each chunk's files written at once, as a purchase
 * does), merges them into 10 files of 100 by their label keys (ten merge requests at once)
 * through the label app's LabelMerges, and reads the 10 files back. The stores take turns
 * within each run. Prints figures only. Run: npm run bench:label-store [-- --runs 5]
 */
import { MAX_LABELS_PER_FILE } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { createTestDatabase } from '@shipping/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { sandboxTrackingNumber } from '../../apps/label/src/carrier/sandbox-tracking-number';
import { DatabaseLabelFileStore } from '../../apps/label/src/files/database-label-file-store';
import type { LabelFileStore } from '../../apps/label/src/files/label-file-store';
import { itemLabelKey } from '../../apps/label/src/files/label-keys';
import { openLabelFileStore } from '../../apps/label/src/files/open-label-file-store';
import { type LabelStoreKind, readLabelConfig } from '../../apps/label/src/label-config';
import { LabelMerges } from '../../apps/label/src/merges/label-merges';
import { LabelPurchaseStore } from '../../apps/label/src/purchases/label-purchase-store';
import { withReceiver } from '../../apps/label/src/testing/label-shipment.fixture';
import { LabelWorkerPool } from '../../apps/label/src/workers/label-worker-pool';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, labels: { type: 'string', default: '1000' } },
});
const RUNS = Number(values.runs);
const LABELS = Number(values.labels);
const STORES: LabelStoreKind[] = ['database', 'files'];
const ms = (from: number) => performance.now() - from;

interface Figures {
  storeMs: number;
  mergeMs: number;
  readMs: number;
  totalMs: number;
  /** label_files' size with the run's labels and files in it (toast and index included). */
  tableBytes: number;
}

const itemIds = Array.from({ length: LABELS }, (_, index) => `bench${index}`);
const fileGroups = Array.from({ length: Math.ceil(LABELS / MAX_LABELS_PER_FILE) }, (_, index) => ({
  file: index + 1,
  label_keys: itemIds.slice(index * MAX_LABELS_PER_FILE, (index + 1) * MAX_LABELS_PER_FILE).map(itemLabelKey),
}));

async function drawLabels(workers: LabelWorkerPool): Promise<Uint8Array[]> {
  const drawn = await Promise.all(
    itemIds.map((itemId) =>
      workers.render({
        tracking_number: sandboxTrackingNumber(itemId),
        service_code: 'USPS-1',
        service_name: 'USPS Priority Mail',
        shipment: withReceiver(`Receiver ${itemId}`),
      }),
    ),
  );
  return drawn.map((label) => label.pdf);
}

const sourcesOf = (group: { file: number; label_keys: string[] }, labels: Uint8Array[]) =>
  group.label_keys.map((_, index) => labels[(group.file - 1) * MAX_LABELS_PER_FILE + index]);

async function runOnce(
  kind: LabelStoreKind,
  sql: SqlClient,
  workers: LabelWorkerPool,
  labels: Uint8Array[],
  run: number,
): Promise<Figures> {
  await sql.exec('truncate label_files, label_purchases');
  const labelsRoot = await mkdtemp(join(tmpdir(), 'bench-labels-'));
  try {
    const files: LabelFileStore = openLabelFileStore(
      { ...readLabelConfig({}), labelsRoot, workers: workers.size, store: kind },
      sql,
    );
    const rows = new LabelPurchaseStore(sql);
    const merges = new LabelMerges(rows, files, workers);

    let started = performance.now();
    for (let first = 0; first < LABELS; first += MAX_LABELS_PER_FILE) {
      const chunk = itemIds.slice(first, first + MAX_LABELS_PER_FILE);
      await files.putMany(
        chunk.map((itemId, index) => ({ key: itemLabelKey(itemId), content: labels[first + index] })),
      );
    }
    const storeMs = ms(started);

    await rows.record(
      itemIds.map((item_id) => ({
        item_id,
        tracking_number: sandboxTrackingNumber(item_id),
        label_key: itemLabelKey(item_id),
      })),
    );
    const batchId = `Run${run}${kind}`;
    started = performance.now();
    const merged = await Promise.all(
      fileGroups.map((group) => merges.merge({ batch_id: batchId, files: [group] })),
    );
    const mergeMs = ms(started);

    started = performance.now();
    const read = await Promise.all(merged.map((reply) => files.get(reply.files[0].key)));
    const readMs = ms(started);
    if (read.some((file) => file === undefined)) throw new Error('A merged file was not read back');
    const { rows: size } = await sql.query<{ bytes: string }>(
      `select pg_total_relation_size('label_files')::text as bytes`,
    );
    return { storeMs, mergeMs, readMs, totalMs: storeMs + mergeMs, tableBytes: Number(size[0].bytes) };
  } finally {
    await rm(labelsRoot, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const database = await createTestDatabase('bench_label_store');
  const sql = createPgSqlClient(database.url);
  const workers = new LabelWorkerPool();
  try {
    await new DatabaseLabelFileStore(sql).onModuleInit();
    const labels = await drawLabels(workers);
    const labelBytes = labels.reduce((sum, label) => sum + label.byteLength, 0);
    // Warms pdf-lib's merge on every thread and both stores' code paths; not counted.
    for (const kind of STORES) await runOnce(kind, sql, workers, labels, 0);
    const figures: Record<LabelStoreKind, Figures[]> = { database: [], files: [] };
    const rawMergeMs: number[] = [];
    let mergedBytes = 0;
    for (let run = 1; run <= RUNS; run++) {
      const order = run % 2 === 1 ? STORES : [...STORES].reverse();
      for (const kind of order) figures[kind].push(await runOnce(kind, sql, workers, labels, run));
      const started = performance.now();
      const raw = await Promise.all(
        fileGroups.map((group) => workers.mergeBytes({ sources: sourcesOf(group, labels) })),
      );
      rawMergeMs.push(ms(started));
      mergedBytes = raw.reduce((sum, file) => sum + file.pdf.byteLength, 0);
    }

    console.log(
      `${LABELS} labels (${(labelBytes / 1024).toFixed(0)} KB) into ${fileGroups.length} files ` +
        `(${(mergedBytes / 1024).toFixed(0)} KB), ${workers.size} worker threads, ${RUNS} runs, stores in turn`,
    );
    console.log('figure                     store       min / median / max (each run)');
    const line = (label: string, kind: string, each: number[], unit = 'ms') => {
      const sorted = [...each].sort((a, b) => a - b);
      const shown = (value: number | undefined) => (value ?? 0).toFixed(0);
      console.log(
        `${label.padEnd(26)} ${kind.padEnd(11)} ${shown(sorted[0])} / ${shown(sorted[Math.floor(sorted.length / 2)])} / ` +
          `${shown(sorted.at(-1))} ${unit} (${each.map(shown).join(', ')})`,
      );
    };
    for (const [figure, label] of [
      ['storeMs', `store ${LABELS} labels`],
      ['mergeMs', `merge ${fileGroups.length} files`],
      ['totalMs', 'store + merge'],
      ['readMs', `read ${fileGroups.length} files`],
    ] as const) {
      for (const kind of STORES)
        line(
          label,
          kind,
          figures[kind].map((run) => run[figure]),
        );
      if (figure === 'mergeMs') line(label, 'raw memory', rawMergeMs);
    }
    line(
      'label_files size',
      'database',
      figures.database.map((run) => run.tableBytes / 1024),
      'KB',
    );
  } finally {
    await workers.close();
    await sql.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
