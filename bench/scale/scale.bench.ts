/**
 * bench/scale: what adding instances does on the distributed runtime (a Kafka broker, each app's
 * PostgreSQL database, every app as processes of its own).
 *
 * 1. Ten concurrent 1,000-item batches, created together and then shipped together, with one and
 *    with two instances of every app: seconds from the first create to the last batch ready, and
 *    from the first ship to the last batch completed and its last webhook delivered, beside the CPU seconds each app's processes,
 *    PostgreSQL and the broker spent per 1,000 items (PostgreSQL and the broker as every process
 *    of theirs on the machine: run it on a quiet one), and the batch app's events per item.
 * 2. Label throughput with 1, 2 and 4 label instances (one of every other app): three 1,000-item
 *    batches shipped together, labels per second from the ships to the last completion, and the
 *    label processes' CPU seconds per 1,000 labels.
 * 3. What one more instance costs doing nothing: each process's CPU over 10 idle seconds, and its
 *    RSS; and what PostgreSQL and the broker spend meanwhile, under two idle instances of every app.
 * The batches' items complete into signed webhook deliveries to one endpoint (a receiver on loopback).
 *
 * The machine has 2 cores, so wall-clock gains stop early; CPU seconds show what each instance
 * costs and whether the work was split rather than repeated.
 * Run: npm run bench:scale
 */
import {
  apiClient,
  type AppProcess,
  batchShipment,
  type DistributedAppName,
  type DistributedRuntime,
  startDistributedRuntime,
  startWebhookReceiver,
} from '@shipping/testing';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { cpuMeter, pidsNamed, rssMb } from './process-cpu';

const ITEMS = 1_000;
const BATCHES = 10;
const LABEL_BATCHES = 3;
const IDLE_MS = 10_000;
const EVERY_APP: DistributedAppName[] = ['gateway', 'order', 'pickup', 'batch', 'label', 'webhook'];
/** The gateway's admin API, to give Acme the credit of more batches than its sandbox seed pays for. */
const ADMIN_KEY = 'sk_admin_bench_scale';

type Api = ReturnType<typeof apiClient>;

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
const round = (value: number, digits = 2) => Number(value.toFixed(digits));

async function statusOf(api: Api, batchId: string): Promise<string> {
  return (await api.get(`/batches/${batchId}?per_page=1`)).body?.data?.status;
}

async function until(done: () => boolean, timeoutMs = 300_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(200);
  }
}

async function allReach(api: Api, batchIds: string[], status: string, timeoutMs = 900_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const pending = new Set(batchIds);
  while (pending.size > 0) {
    if (Date.now() > deadline) throw new Error(`batches not ${status} in time: ${[...pending].join(', ')}`);
    for (const batchId of [...pending])
      if ((await statusOf(api, batchId)) === status) pending.delete(batchId);
    if (pending.size > 0) await sleep(200);
  }
}

/** A runtime of the distributed apps, with `instances` of each, and Acme credited for every batch. */
async function runtimeWith(
  instances: Partial<Record<DistributedAppName, number>>,
): Promise<DistributedRuntime> {
  const runtime = await startDistributedRuntime({
    instances,
    appEnv: { gateway: { ADMIN_API_KEY: ADMIN_KEY } },
  });
  const admin = apiClient(runtime.baseUrl, ADMIN_KEY);
  const credited = await admin.post('/admin/accounts/acct_acme/credit', {
    amount: '10000000.00',
    reference: 'bench',
  });
  if (credited.status !== 201) throw new Error(`credit answered ${credited.status}: ${credited.text}`);
  return runtime;
}

async function createBatches(api: Api, count: number): Promise<string[]> {
  const shipments = Array.from({ length: ITEMS }, (_, index) => batchShipment(index));
  const created = await Promise.all(
    Array.from({ length: count }, () =>
      api.post('/batches', { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments }),
    ),
  );
  return created.map((answer) => {
    if (answer.status !== 201) throw new Error(`create answered ${answer.status}: ${answer.text}`);
    return answer.body.data.id as string;
  });
}

async function shipAll(api: Api, batchIds: string[]): Promise<void> {
  const shipped = await Promise.all(batchIds.map((batchId) => api.post(`/batches/${batchId}/ship`)));
  for (const answer of shipped) if (answer.status !== 200) throw new Error(`ship answered ${answer.status}`);
}

const pidsOf =
  (runtime: DistributedRuntime, names: DistributedAppName[] = EVERY_APP) =>
  () =>
    names.flatMap((name) => runtime.instances[name].map((app) => app.pid()));

/** Events the batch app stored per batch item, and their mean size as stored (data and metadata). */
async function eventsPerItem(runtime: DistributedRuntime) {
  const sql = createPgSqlClient(runtime.apps.batch.databaseUrl, { max: 1 });
  try {
    const { rows } = await sql.query<{ events: string; bytes: string }>(
      `select count(*) as events, coalesce(sum(pg_column_size(data) + pg_column_size(metadata)), 0) as bytes
       from event_store.events`,
    );
    const events = Number(rows[0].events);
    return {
      eventsPerItem: round(events / (BATCHES * ITEMS)),
      meanEventBytes: round(Number(rows[0].bytes) / events, 0),
    };
  } finally {
    await sql.close();
  }
}

async function concurrentBatches(instances: number) {
  const [runtime, receiver] = await Promise.all([
    runtimeWith(Object.fromEntries(EVERY_APP.map((name) => [name, instances]))),
    startWebhookReceiver(),
  ]);
  try {
    const api = apiClient(runtime.baseUrl, 'sk_test_acme');
    // Every completed item is a signed delivery, as for a merchant with one endpoint.
    const endpoint = await api.post('/webhooks', { url: receiver.url });
    if (endpoint.status !== 201) throw new Error(`webhook endpoint answered ${endpoint.status}`);
    const perApp = EVERY_APP.map((name) => ({ name, meter: cpuMeter(pidsOf(runtime, [name])) }));
    const postgres = cpuMeter(() => pidsNamed('postgres'));
    const broker = cpuMeter(() => pidsNamed('java'));
    const createdAt = Date.now();
    const batchIds = await createBatches(api, BATCHES);
    await allReach(api, batchIds, 'ready');
    const readySeconds = (Date.now() - createdAt) / 1000;
    const shippedAt = Date.now();
    await shipAll(api, batchIds);
    await allReach(api, batchIds, 'completed');
    const completedSeconds = (Date.now() - shippedAt) / 1000;
    await until(() => receiver.received.length >= BATCHES * ITEMS);
    const deliveredSeconds = (Date.now() - shippedAt) / 1000;
    const thousands = (BATCHES * ITEMS) / 1000;
    const cpuPer1000 = Object.fromEntries([
      ...perApp.map(({ name, meter }) => [name, round(meter.used() / thousands)]),
      ['postgres', round(postgres.used() / thousands)],
      ['kafka', round(broker.used() / thousands)],
    ]);
    const events = await eventsPerItem(runtime);
    return {
      phases: {
        instances,
        readySeconds: round(readySeconds),
        completedSeconds: round(completedSeconds),
        deliveredSeconds: round(deliveredSeconds),
      },
      cpuPer1000,
      events,
    };
  } finally {
    await runtime.stop();
    await receiver.close();
  }
}

async function labelThroughput(labelInstances: number) {
  const runtime = await runtimeWith({ label: labelInstances });
  try {
    const api = apiClient(runtime.baseUrl, 'sk_test_acme');
    const batchIds = await createBatches(api, LABEL_BATCHES);
    await allReach(api, batchIds, 'ready');
    const labels = cpuMeter(pidsOf(runtime, ['label']));
    const shippedAt = Date.now();
    await shipAll(api, batchIds);
    await allReach(api, batchIds, 'completed');
    const seconds = (Date.now() - shippedAt) / 1000;
    return {
      labelInstances,
      seconds: round(seconds),
      labelsPerSecond: round((LABEL_BATCHES * ITEMS) / seconds, 0),
      labelCpuPer1000: round(labels.used() / LABEL_BATCHES),
    };
  } finally {
    await runtime.stop();
  }
}

/** Each app's second instance against its first, both idle: CPU over IDLE_MS and RSS. */
async function idleOverhead() {
  const runtime = await runtimeWith(Object.fromEntries(EVERY_APP.map((name) => [name, 2])));
  try {
    await sleep(5_000);
    const meters = EVERY_APP.map((name) => ({
      name,
      app: runtime.instances[name][1] as AppProcess,
      meter: cpuMeter(() => [runtime.instances[name][1].pid()]),
    }));
    const servers = [
      { name: 'postgres', meter: cpuMeter(() => pidsNamed('postgres')) },
      { name: 'kafka', meter: cpuMeter(() => pidsNamed('java')) },
    ];
    await sleep(IDLE_MS);
    const percent = (used: number) => round((used / (IDLE_MS / 1000)) * 100, 1);
    return {
      added: meters.map(({ name, app, meter }) => ({
        app: name,
        idleCpuPercent: percent(meter.used()),
        rssMb: round(rssMb(app.pid()), 0),
      })),
      // What the servers spend while two of every app wait: the floor under the per-item figures.
      servers: servers.map(({ name, meter }) => ({ server: name, idleCpuPercent: percent(meter.used()) })),
    };
  } finally {
    await runtime.stop();
  }
}

async function main(): Promise<void> {
  console.log(`bench:scale: ${BATCHES} concurrent ${ITEMS}-item batches with 1 and 2 instances of every app`);
  for (const instances of [1, 2]) {
    const { phases, cpuPer1000, events } = await concurrentBatches(instances);
    console.table([phases]);
    console.log('CPU seconds per 1,000 items, by process kind:');
    console.table([cpuPer1000]);
    console.table([events]);
  }
  console.log(
    `label throughput: ${LABEL_BATCHES} ${ITEMS}-item batches shipped together, 1, 2 and 4 label instances`,
  );
  for (const labelInstances of [1, 2, 4]) console.table([await labelThroughput(labelInstances)]);
  console.log(
    `an added instance of each app, idle for ${IDLE_MS / 1000} s, and the servers under two of each`,
  );
  const idle = await idleOverhead();
  console.table(idle.added);
  console.table(idle.servers);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
