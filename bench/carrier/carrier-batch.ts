import {
  apiClient,
  batchShipment,
  liveUspsShipper,
  startDistributedRuntime,
  uniqueRedisPrefix,
  type UspsMockClient,
} from '@shipping/testing';
import { cpuMeter } from '../scale/process-cpu';
import type { MockProcess } from './mock-process';

const ADMIN_KEY = 'sk_admin_bench_carrier';

export interface CarrierBatchSettings {
  items: number;
  latencyMs: number;
  perSecond: number;
  concurrency: number;
  redisUrl: string;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

async function statusReached(
  client: ReturnType<typeof apiClient>,
  batchId: string,
  status: string,
): Promise<Record<string, any>> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const batch = (await client.get(`/batches/${batchId}?per_page=1`)).body?.data;
    if (batch?.status === status) return batch;
    if (Date.now() > deadline) throw new Error(`batch ${batchId} not ${status} in time`);
    await sleep(100);
  }
}

/**
 * One live batch of `items` through the distributed runtime (one process per app, `labelInstances`
 * label processes counting the carrier's limits together in Redis) against the USPS mock: seconds
 * from the ship to the batch completed, the floor the carrier allows and the CPU seconds every
 * app process spent per 1,000 items meanwhile (not the broker's, PostgreSQL's nor the mock's).
 */
export async function carrierBatchRun(
  labelInstances: number,
  settings: CarrierBatchSettings,
  mock: { process: MockProcess; url: string; client: UspsMockClient },
): Promise<string> {
  const runtime = await startDistributedRuntime({
    instances: { label: labelInstances },
    appEnv: {
      gateway: { ADMIN_API_KEY: ADMIN_KEY },
      label: {
        USPS_API_URL: mock.url,
        USPS_RATE_LIMIT_PER_SECOND: String(settings.perSecond),
        USPS_CONCURRENCY: String(settings.concurrency),
        REDIS_URL: settings.redisUrl,
        REDIS_KEY_PREFIX: uniqueRedisPrefix('bench-carrier-batch'),
      },
    },
  });
  try {
    const shipper = await liveUspsShipper(
      apiClient(runtime.baseUrl, ADMIN_KEY),
      (key) => apiClient(runtime.baseUrl, key),
      mock.client,
    );
    const created = await shipper.live.post('/batches', {
      shipper_id: shipper.shipperId,
      service: 'USPS-1',
      batch_shipments: Array.from({ length: settings.items }, (_, index) => ({
        ...batchShipment(index),
        from_address_id: shipper.addressIds.live,
      })),
    });
    if (created.status !== 201) throw new Error(`create answered ${created.status}: ${created.text}`);
    const batchId: string = created.body.data.id;
    await statusReached(shipper.live, batchId, 'ready');
    await mock.process.reset();
    const apps = Object.values(runtime.instances).flat();
    const cpu = cpuMeter(() => apps.map((app) => app.pid()));
    const shippedAt = performance.now();
    const shipped = await shipper.live.post(`/batches/${batchId}/ship`);
    if (shipped.status !== 200) throw new Error(`ship answered ${shipped.status}: ${shipped.text}`);
    const done = await statusReached(shipper.live, batchId, 'completed');
    const seconds = (performance.now() - shippedAt) / 1_000;
    const cpuPer1000 = cpu.used() / (settings.items / 1_000);
    const counts = await mock.process.counts();
    const floor = settings.items / settings.perSecond + settings.latencyMs / 1_000;
    return [
      `${labelInstances} label instance${labelInstances > 1 ? 's' : ''}, whole batch:`,
      `ship -> completed ${seconds.toFixed(2)} s,`,
      `floor ${floor.toFixed(2)} s, ratio ${(seconds / floor).toFixed(3)}x (target 1.15x),`,
      `completed ${done.results?.completed_count}/${settings.items},`,
      `mock answered 429 ${counts.refused} times of ${counts.requests} requests (${counts.labels} label requests),`,
      `CPU ${cpuPer1000.toFixed(1)} s per 1,000 items, all app processes`,
    ].join(' ');
  } finally {
    await runtime.stop();
  }
}
