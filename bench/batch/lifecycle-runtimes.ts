import {
  apiClient,
  batchShipment,
  createTestDatabase,
  type RuntimeProcess,
  startDistributedRuntime,
  startRuntime,
  startWebhookReceiver,
} from '@shipping/testing';
import { cpuSeconds, mainThreadCpuSeconds, peakRssMb } from './peak-rss';
import { databaseServerCpu } from '../replay/database-server-cpu';
import { requestRoundTrip } from './request-round-trip';

export const ITEMS = 1_000;
const WAIT_MS = 20;

export interface BatchFigures {
  readySeconds: number;
  completedSeconds: number;
  /** CPU the runtime's processes used from the ship request until the bench saw the batch completed. */
  shipCpuSeconds: number;
  /** Of that, the CPU of the processes' main threads (the rest is label threads, GC and I/O threads). */
  shipMainThreadCpuSeconds: number;
  /** CPU the PostgreSQL server on this machine used meanwhile (every database, so other work too). */
  shipServerCpuSeconds: number;
  labels: string;
}

export interface LifecycleFigures {
  first: BatchFigures;
  second: BatchFigures;
  rssMb: number;
  /** CPU the runtime's processes used from their start to the end of the second batch. */
  cpuSeconds: number;
  roundTrip: { p50: number; p99: number };
  /** PGlite only: the peak of the start that creates the data folder. */
  firstStartRssMb?: number;
}

type Env = Record<string, string>;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

async function until<T>(
  check: () => Promise<T | undefined>,
  everyMs = WAIT_MS,
  timeoutMs = 120_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let found = await check(); ; found = await check()) {
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((done) => setTimeout(done, everyMs));
  }
}

/**
 * With BENCH_POLL_MS, the bench also reads the batch every so many milliseconds until it is
 * completed, as earlier runs did to time it (10 ms): the reads' own load on the runtime, measured.
 */
const pollMs = Number(process.env.BENCH_POLL_MS ?? 0);

/**
 * Times are the batch's own: the `timestamp` of its batch.validated and batch.completed webhooks
 * (when the event happened, on this machine's clock) less the moment the request was sent, so
 * the bench puts no load of its own on the runtime while the batch runs.
 */
/** CPU seconds the runtime's processes have used so far: all their threads, and their main threads. */
type CpuReading = () => { all: number; main: number };

async function oneBatch(baseUrl: string, receiver: Receiver, cpu: CpuReading): Promise<BatchFigures> {
  const acme = apiClient(baseUrl, 'sk_test_acme');
  const shipments = Array.from({ length: ITEMS }, (_, index) => batchShipment(index));
  const event = (type: string, batchId: string) => async () =>
    receiver.received.find(({ body }) => body?.type === type && body.data?.id === batchId)?.body as
      { timestamp: string; data: { results: { completed_count: number }; labels: string[] } } | undefined;
  const secondsSince = (sentAt: number, { timestamp }: { timestamp: string }) =>
    (Date.parse(timestamp) - sentAt) / 1000;

  const createdAt = Date.now();
  const created = await acme.post('/batches', {
    shipper_id: 1,
    service: 'USPS-1',
    batch_shipments: shipments,
  });
  const batchId: string = created.body.data.id;
  const validated = await until(event('batch.validated', batchId));

  const cpuAtShip = cpu();
  const serverCpu = databaseServerCpu();
  const shippedAt = Date.now();
  await acme.post(`/batches/${batchId}/ship`);
  if (pollMs > 0)
    await until(async () => {
      const { status } = (await acme.get(`/batches/${batchId}?per_page=1`)).body.data;
      return status === 'completed' ? status : undefined;
    }, pollMs);
  const completed = await until(event('batch.completed', batchId));
  const cpuAtEnd = cpu();
  const shipServerCpuSeconds = serverCpu();
  return {
    readySeconds: secondsSince(createdAt, validated),
    completedSeconds: secondsSince(shippedAt, completed),
    shipCpuSeconds: cpuAtEnd.all - cpuAtShip.all,
    shipMainThreadCpuSeconds: cpuAtEnd.main - cpuAtShip.main,
    shipServerCpuSeconds,
    labels: `${completed.data.results.completed_count} in ${completed.data.labels.length} files`,
  };
}

async function lifecycleAt(baseUrl: string, rssMb: () => number, cpu: CpuReading): Promise<LifecycleFigures> {
  const receiver = await startWebhookReceiver();
  try {
    const registered = await apiClient(baseUrl, 'sk_test_acme').post('/webhooks', {
      url: receiver.url,
      events: ['batch.validated', 'batch.completed'],
    });
    if (registered.status !== 201) throw new Error(`webhook not registered: ${registered.text}`);
    const first = await oneBatch(baseUrl, receiver, cpu);
    const second = await oneBatch(baseUrl, receiver, cpu);
    return {
      first,
      second,
      rssMb: rssMb(),
      cpuSeconds: cpu().all,
      roundTrip: await requestRoundTrip(baseUrl),
    };
  } finally {
    await receiver.close();
  }
}

const lifecycle = (runtime: RuntimeProcess) =>
  lifecycleAt(
    runtime.baseUrl,
    () => peakRssMb(runtime.pid),
    () => ({ all: cpuSeconds(runtime.pid), main: mainThreadCpuSeconds(runtime.pid) }),
  );

/** PGlite: the first start of a data folder copies PGlite's data template and migrates; the batches run on a restart. */
async function onPglite(env: Env): Promise<LifecycleFigures> {
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

async function onPostgres(env: Env): Promise<LifecycleFigures> {
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
async function onDistributed(env: Env): Promise<LifecycleFigures> {
  const runtime = await startDistributedRuntime({ env });
  try {
    const apps = Object.values(runtime.apps);
    return await lifecycleAt(
      runtime.baseUrl,
      () => apps.reduce((sum, app) => sum + peakRssMb(app.pid()), 0),
      () => ({
        all: apps.reduce((sum, app) => sum + cpuSeconds(app.pid()), 0),
        main: apps.reduce((sum, app) => sum + mainThreadCpuSeconds(app.pid()), 0),
      }),
    );
  } finally {
    await runtime.stop();
  }
}

/** Each runtime with the targets of issue 18 for it. */
export interface RuntimeUnderTest {
  name: 'pglite' | 'postgres' | 'distributed';
  heading: [string, string];
  run(env: Env): Promise<LifecycleFigures>;
  /** ship -> completed over raw pdf-lib (each batch against its own raw figure). */
  shipRatioTarget: number;
  /** create -> ready of the second batch, seconds. */
  readySecondsTarget: number;
  peakRssMbTarget?: number;
  firstStartRssMbTarget?: number;
}

export const RUNTIMES: readonly RuntimeUnderTest[] = [
  {
    name: 'pglite',
    heading: ['embedded', 'PGlite'],
    run: onPglite,
    shipRatioTarget: 1.5,
    readySecondsTarget: 0.5,
    peakRssMbTarget: 350,
    firstStartRssMbTarget: 450,
  },
  {
    name: 'postgres',
    heading: ['embedded', 'PostgreSQL'],
    run: onPostgres,
    shipRatioTarget: 1.3,
    readySecondsTarget: 0.5,
  },
  {
    name: 'distributed',
    heading: ['distributed', 'Kafka + PG'],
    run: onDistributed,
    shipRatioTarget: 2,
    readySecondsTarget: 1,
  },
];

/** `BENCH_RUNTIMES=pglite,postgres,distributed` (any of them, in any order); all when unset. */
export function selectedRuntimes(list = process.env.BENCH_RUNTIMES): RuntimeUnderTest[] {
  if (!list?.trim()) return [...RUNTIMES];
  const names = list.split(',').map((name) => name.trim());
  const unknown = names.filter((name) => !RUNTIMES.some((runtime) => runtime.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_RUNTIMES: unknown ${unknown.join(', ')} (choose from ${RUNTIMES.map((r) => r.name).join(', ')})`,
    );
  return RUNTIMES.filter((runtime) => names.includes(runtime.name));
}
