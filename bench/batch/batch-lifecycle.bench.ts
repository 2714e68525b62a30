/**
 * bench/batch: a 1,000-item batch on the embedded runtime, create to ready and ship to completed
 * with its 10 merged label files, beside the raw cost of pdf-lib making and merging the same
 * labels. Prints seconds per phase, the ratio and the runtime's peak RSS.
 * Run: npm run bench:batch
 */
import { renderAndMergeRaw } from '@shipping/label-app';
import { apiClient, batchShipment, startRuntime } from '@shipping/testing';
import { peakRssMb } from './peak-rss';

const ITEMS = 1_000;
const POLL_MS = 10;

async function until(check: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, POLL_MS));
  }
}

async function main(): Promise<void> {
  // The raw cost is measured first, with nothing else running on the machine.
  const { from_address_id: _saved, ...shipment } = batchShipment(0);
  const sender = { name: 'Acme Warehouse NY', street_1: '350 5th Ave', city: 'New York', zip: '10118', state: 'NY', country: 'US', telephone: '2125550100' };
  const raw = await renderAndMergeRaw(ITEMS, { ...shipment, from_address: sender, weight_unit: 'LBS', length_unit: 'IN' });
  const rawSeconds = raw.totalMs / 1000;

  // The first start of a data folder runs PGlite's initdb in a second instance; its memory is
  // reported apart, and the batch runs on a restarted runtime, as a service normally does.
  const env = { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' };
  const first = await startRuntime({ env });
  const firstStartRss = peakRssMb(first.pid);
  await first.stop();
  const runtime = await startRuntime({ env, dataDir: first.dataDir });
  try {
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
    const rss = peakRssMb(runtime.pid);


    console.log(`bench/batch: ${ITEMS} items on the embedded runtime`);
    console.log(`  create -> ready         ${readySeconds.toFixed(2)} s   (target 1.5 s)`);
    console.log(`  ship -> completed       ${completedSeconds.toFixed(2)} s   (target 3 s; ${done?.results.completed_count} labels in ${done?.labels?.length} files)`);
    console.log(`  raw pdf-lib, same work  ${rawSeconds.toFixed(2)} s   (render ${(raw.renderMs / 1000).toFixed(2)} s, merge ${(raw.mergeMs / 1000).toFixed(2)} s)`);
    console.log(`  ship / raw pdf-lib      ${(completedSeconds / rawSeconds).toFixed(2)}x   (target 2x)`);
    console.log(`  peak RSS of the runtime ${rss.toFixed(0)} MB   (target 300 MB; first start of the data folder ${firstStartRss.toFixed(0)} MB)`);
    console.log(`  batch ${batchId} at ${runtime.baseUrl} (data ${runtime.dataDir})`);
  } finally {
    await runtime.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
