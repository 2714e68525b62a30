/**
 * bench/batch: a 1,000-item batch, create to ready and ship to completed with its 10 merged label
 * files, beside the raw cost of pdf-lib making and merging the same labels. Prints seconds per
 * phase, the ratio, peak RSS and a gateway request's round trip side by side for the embedded
 * runtime on PGlite, the embedded runtime on the PostgreSQL server, and the distributed runtime
 * (a Kafka broker and six app processes, each on its own PostgreSQL database). Each runtime runs
 * two batches one after the other: the first right after the runtime starts, while V8 is still
 * compiling the code the batch runs, and the second on the warmed-up process. The raw cost is
 * measured both ways too (fresh threads, and threads that made a batch's labels before), and
 * each batch is set against its own.
 * Run: npm run bench:batch
 */
import { LabelWorkerPool, renderAndMergeRaw } from '@shipping/label-app';
import {
  apiClient,
  batchShipment,
  createTestDatabase,
  type RuntimeProcess,
  startDistributedRuntime,
  startRuntime,
} from '@shipping/testing';
import { peakRssMb } from './peak-rss';
import { requestRoundTrip } from './request-round-trip';

const ITEMS = 1_000;
const POLL_MS = 10;

interface BatchFigures {
  readySeconds: number;
  completedSeconds: number;
  labels: string;
}

interface LifecycleFigures {
  first: BatchFigures;
  second: BatchFigures;
  rssMb: number;
  roundTrip: { p50: number; p99: number };
}

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

async function lifecycle(runtime: RuntimeProcess): Promise<LifecycleFigures> {
  return lifecycleAt(runtime.baseUrl, () => peakRssMb(runtime.pid));
}

async function lifecycleAt(baseUrl: string, rssMb: () => number): Promise<LifecycleFigures> {
  const first = await oneBatch(baseUrl);
  const second = await oneBatch(baseUrl);
  return { first, second, rssMb: rssMb(), roundTrip: await requestRoundTrip(baseUrl) };
}

async function oneBatch(baseUrl: string): Promise<BatchFigures> {
  const acme = apiClient(baseUrl, 'sk_test_acme');
  const shipments = Array.from({ length: ITEMS }, (_, index) => batchShipment(index));
  const status = async (id: string) => (await acme.get(`/batches/${id}?per_page=1`)).body.data;

  const createdAt = performance.now();
  const created = await acme.post('/batches', {
    shipper_id: 1,
    service: 'USPS-1',
    batch_shipments: shipments,
  });
  const batchId: string = created.body.data.id;
  await until(async () => (await status(batchId)).status === 'ready');
  const readySeconds = (performance.now() - createdAt) / 1000;

  const shippedAt = performance.now();
  await acme.post(`/batches/${batchId}/ship`);
  let done: { status: string; labels?: string[]; results: { completed_count: number } } | undefined;
  await until(async () => {
    done = await status(batchId);
    return done?.status === 'completed';
  });
  const completedSeconds = (performance.now() - shippedAt) / 1000;
  return {
    readySeconds,
    completedSeconds,
    labels: `${done?.results.completed_count} in ${done?.labels?.length} files`,
  };
}

/** PGlite: the first start of a data folder copies PGlite's data template and migrates; the batches run on a restart. */
async function onPglite(
  env: Record<string, string>,
): Promise<LifecycleFigures & { firstStartRssMb: number }> {
  const first = await startRuntime({ env });
  const firstStartRssMb = peakRssMb(first.pid);
  await first.stop();
  const runtime = await startRuntime({ env, dataDir: first.dataDir });
  try {
    return { ...(await lifecycle(runtime)), firstStartRssMb };
  } finally {
    await runtime.stop();
  }
}

async function onPostgres(env: Record<string, string>): Promise<LifecycleFigures> {
  const database = await createTestDatabase('bench_batch');
  const runtime = await startRuntime({ env: { ...env, STORE: 'postgres', DATABASE_URL: database.url } });
  try {
    return await lifecycle(runtime);
  } finally {
    await runtime.stop();
    await database.drop();
  }
}

/** Peak RSS is the sum over the six app processes (the broker's JVM, capped at 256 MB of heap, is left out). */
async function onDistributed(env: Record<string, string>): Promise<LifecycleFigures> {
  const runtime = await startDistributedRuntime({ env });
  try {
    const apps = Object.values(runtime.apps);
    return await lifecycleAt(runtime.baseUrl, () => apps.reduce((sum, app) => sum + peakRssMb(app.pid()), 0));
  } finally {
    await runtime.stop();
  }
}

async function main(): Promise<void> {
  // The raw cost is measured first, with nothing else running on the machine.
  const { from_address_id: _saved, ...shipment } = batchShipment(0);
  const sender = {
    name: 'Acme Warehouse NY',
    street_1: '350 5th Ave',
    city: 'New York',
    zip: '10118',
    state: 'NY',
    country: 'US',
    telephone: '2125550100',
  };
  const labelled = {
    ...shipment,
    from_address: sender,
    weight_unit: 'LBS' as const,
    length_unit: 'IN' as const,
  };
  // On fresh threads, as a runtime's first batch meets them...
  const raw = await renderAndMergeRaw(ITEMS, labelled);
  // ...and on threads that have made and merged a batch's labels before, as a second batch does.
  const warmedPool = new LabelWorkerPool();
  await renderAndMergeRaw(ITEMS, labelled, warmedPool);
  const warmRaw = await renderAndMergeRaw(ITEMS, labelled, warmedPool);
  await warmedPool.close();
  const rawSeconds = { first: raw.totalMs / 1000, second: warmRaw.totalMs / 1000 };

  const env = { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' };
  const pglite = await onPglite(env);
  const postgres = await onPostgres(env);
  const distributed = await onDistributed(env);

  const columns = [pglite, postgres, distributed];
  const row = (name: string, cells: string[], target: string) =>
    console.log(
      `  ${name.padEnd(31)}${cells.map((cell, index) => cell.padStart(index === 0 ? 16 : 18)).join('')}   ${target}`,
    );
  const seconds = (value: number) => `${value.toFixed(2)} s`;
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  const rawFigures = (timings: typeof raw) =>
    `${seconds(timings.totalMs / 1000)} (render ${seconds(timings.renderMs / 1000)}, merge ${seconds(timings.mergeMs / 1000)})`;
  console.log(
    `bench/batch: ${ITEMS} items; raw pdf-lib, same work: ${rawFigures(raw)} on fresh threads, ${rawFigures(warmRaw)} on warmed-up threads`,
  );
  row('', ['embedded', 'embedded', 'distributed'], '');
  row('', ['PGlite', 'PostgreSQL', 'Kafka + PG'], 'target');
  const batches: [string, 'first' | 'second'][] = [
    ['1st batch', 'first'],
    ['2nd batch', 'second'],
  ];
  for (const [name, batch] of batches) {
    row(
      `create -> ready, ${name}`,
      columns.map((figures) => seconds(figures[batch].readySeconds)),
      '1.5 s embedded, 3 s distributed',
    );
  }
  for (const [name, batch] of batches) {
    row(
      `ship -> completed, ${name}`,
      columns.map((figures) => seconds(figures[batch].completedSeconds)),
      '3 s embedded, 6 s distributed',
    );
  }
  for (const [name, batch] of batches) {
    row(
      `ship / raw pdf-lib, ${name}`,
      columns.map((figures) => `${(figures[batch].completedSeconds / rawSeconds[batch]).toFixed(2)}x`),
      '2x',
    );
  }
  row(
    'peak RSS',
    columns.map((figures) => `${figures.rssMb.toFixed(0)} MB`),
    '300 MB (distributed: sum of 6 apps)',
  );
  row(
    'GET /shippers p50',
    columns.map((figures) => ms(figures.roundTrip.p50)),
    '',
  );
  row(
    'GET /shippers p99',
    columns.map((figures) => ms(figures.roundTrip.p99)),
    '',
  );
  for (const [name, batch] of batches)
    row(
      `labels bought, ${name}`,
      columns.map((figures) => figures[batch].labels),
      '',
    );
  console.log(
    `  PGlite's first start of a data folder peaks at ${pglite.firstStartRssMb.toFixed(0)} MB (a copy of the data template, migrated)`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
