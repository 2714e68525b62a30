/**
 * bench/batch: a 1,000-item batch, create to ready and ship to completed with its 10 merged label
 * files, beside the raw cost of pdf-lib making and merging the same labels. Prints seconds per
 * phase, the ratio, peak RSS and a gateway request's round trip side by side for the embedded
 * runtime on PGlite, the embedded runtime on the PostgreSQL server, and the distributed runtime
 * (a Kafka broker and six app processes, each on its own PostgreSQL database), each figure with a
 * target marked met or missed. Each runtime runs two batches one after the other: the first right
 * after the runtime starts, while V8 is still compiling the code the batch runs, and the second on
 * the warmed-up process. The raw cost is measured both ways too (fresh threads, and threads that
 * made a batch's labels before), and each batch is set against its own.
 * Run: npm run bench:batch   (BENCH_RUNTIMES=pglite,postgres,distributed picks runtimes; all by default)
 * The embedded runtime runs with the node flags of `npm start`; EMBEDDED_NODE_FLAGS replaces them
 * (EMBEDDED_NODE_FLAGS= for V8's defaults), to compare.
 */
import { LabelWorkerPool, renderAndMergeRaw } from '@shipping/label-app';
import { batchShipment, embeddedNodeFlags } from '@shipping/testing';
import { printLifecycle, type Measured } from './lifecycle-report';
import { ITEMS, selectedRuntimes } from './lifecycle-runtimes';

/** The labels of a batch drawn and merged by pdf-lib with nothing else, on fresh threads and on warmed-up ones. */
async function rawPdfLib() {
  const { from_address_id: _saved, ...shipment } = batchShipment(0);
  const labelled = {
    ...shipment,
    from_address: {
      name: 'Acme Warehouse NY',
      street_1: '350 5th Ave',
      city: 'New York',
      zip: '10118',
      state: 'NY',
      country: 'US',
      telephone: '2125550100',
    },
    weight_unit: 'LBS' as const,
    length_unit: 'IN' as const,
  };
  // On fresh threads, as a runtime's first batch meets them...
  const first = await renderAndMergeRaw(ITEMS, labelled);
  // ...and on threads that have made and merged a batch's labels before, as a second batch does.
  const warmedPool = new LabelWorkerPool();
  await renderAndMergeRaw(ITEMS, labelled, warmedPool);
  const cpuBefore = process.cpuUsage();
  const second = await renderAndMergeRaw(ITEMS, labelled, warmedPool);
  const { user, system } = process.cpuUsage(cpuBefore);
  await warmedPool.close();
  return { first, second: { ...second, cpuSeconds: (user + system) / 1e6 } };
}

async function main(): Promise<void> {
  const runtimes = selectedRuntimes();
  // The raw cost is measured first, with nothing else running on the machine.
  const raw = await rawPdfLib();
  const env = { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' };
  const runs: Measured[] = [];
  for (const runtime of runtimes) runs.push({ runtime, figures: await runtime.run(env) });
  printLifecycle(ITEMS, raw, runs);
  console.log(`embedded runtime's node flags: ${embeddedNodeFlags().join(' ') || "none (V8's defaults)"}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
