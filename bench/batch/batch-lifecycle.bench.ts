/**
 * bench/batch: a 1,000-item batch on the embedded runtime, create to ready and ship to completed
 * with its 10 merged label files, beside the raw cost of pdf-lib making and merging the same
 * labels. Prints seconds per phase, the ratio and the runtime's peak RSS, for the embedded store
 * (PGlite) and for the same runtime on the PostgreSQL server, side by side.
 * Run: npm run bench:batch
 */
import { renderAndMergeRaw } from '@shipping/label-app';
import { apiClient, batchShipment, createTestDatabase, type RuntimeProcess, startRuntime } from '@shipping/testing';
import { peakRssMb } from './peak-rss';

const ITEMS = 1_000;
const POLL_MS = 10;

interface LifecycleFigures {
  readySeconds: number;
  completedSeconds: number;
  rssMb: number;
  labels: string;
}

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

async function lifecycle(runtime: RuntimeProcess): Promise<LifecycleFigures> {
  const acme = apiClient(runtime.baseUrl, 'sk_test_acme');
  const shipments = Array.from({ length: ITEMS }, (_, index) => batchShipment(index));
  const status = async (id: string) => (await acme.get(`/batches/${id}?per_page=1`)).body.data;

  const createdAt = performance.now();
  const created = await acme.post('/batches', { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments });
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
  return { readySeconds, completedSeconds, rssMb: peakRssMb(runtime.pid), labels: `${done?.results.completed_count} labels in ${done?.labels?.length} files` };
}

/** PGlite: the first start of a data folder runs initdb in a second instance, so the batch runs on a restart. */
async function onPglite(env: Record<string, string>): Promise<LifecycleFigures & { firstStartRssMb: number }> {
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

async function main(): Promise<void> {
  // The raw cost is measured first, with nothing else running on the machine.
  const { from_address_id: _saved, ...shipment } = batchShipment(0);
  const sender = { name: 'Acme Warehouse NY', street_1: '350 5th Ave', city: 'New York', zip: '10118', state: 'NY', country: 'US', telephone: '2125550100' };
  const raw = await renderAndMergeRaw(ITEMS, { ...shipment, from_address: sender, weight_unit: 'LBS', length_unit: 'IN' });
  const rawSeconds = raw.totalMs / 1000;

  const env = { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' };
  const pglite = await onPglite(env);
  const postgres = await onPostgres(env);

  const row = (name: string, a: string, b: string, target: string) => console.log(`  ${name.padEnd(24)}${a.padStart(12)}${b.padStart(14)}   ${target}`);
  const seconds = (value: number) => `${value.toFixed(2)} s`;
  console.log(`bench/batch: ${ITEMS} items on the embedded runtime (raw pdf-lib, same work: ${seconds(rawSeconds)}; render ${(raw.renderMs / 1000).toFixed(2)} s, merge ${(raw.mergeMs / 1000).toFixed(2)} s)`);
  row('', 'PGlite', 'PostgreSQL', 'target');
  row('create -> ready', seconds(pglite.readySeconds), seconds(postgres.readySeconds), '1.5 s');
  row('ship -> completed', seconds(pglite.completedSeconds), seconds(postgres.completedSeconds), '3 s');
  row('ship / raw pdf-lib', `${(pglite.completedSeconds / rawSeconds).toFixed(2)}x`, `${(postgres.completedSeconds / rawSeconds).toFixed(2)}x`, '2x');
  row('peak RSS of the runtime', `${pglite.rssMb.toFixed(0)} MB`, `${postgres.rssMb.toFixed(0)} MB`, '300 MB');
  row('labels', pglite.labels, postgres.labels, '');
  console.log(`  PGlite's first start of a data folder peaks at ${pglite.firstStartRssMb.toFixed(0)} MB (initdb in a second instance)`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
