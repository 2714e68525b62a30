/**
 * bench/carrier against the USPS mock (a process of its own) answering after a latency and
 * rate-limiting at N a second; the floor of 1,000 items is what the carrier allows: items / N +
 * one latency.
 * 1. The guard alone: 1,000 purchases through the carrier guard and the USPS adapter, the guard
 *    limited to the same N (shared in Redis): first purchase -> last label, the floor and their
 *    ratio, with one guard instance and with two, and this process's CPU per 1,000 items.
 * 2. The whole batch: a live 1,000-item batch of a shipper with its own USPS integration on the
 *    distributed runtime (a Kafka broker, each app a process), with one and with two label
 *    instances counting the limits together in Redis: ship -> completed, the floor, their ratio
 *    and the app processes' CPU per 1,000 items.
 * Run: npm run bench:carrier -- --latency 150 --rate 40 [--items 1000 --concurrency 20 --parts guard,batch]
 * Needs Redis (REDIS_URL, default redis://127.0.0.1:6379), and PostgreSQL for the batch part.
 */
import { deleteRedisKeys, uniqueRedisPrefix } from '@shipping/testing';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { AccountGuard } from '../../apps/label/src/carrier/guard/account-guard';
import { SLOT_LEASE_MS } from '../../apps/label/src/carrier/guard/carrier-guard-config';
import { systemGuardClock } from '../../apps/label/src/carrier/guard/guard-clock';
import { GuardedCarrier } from '../../apps/label/src/carrier/guard/guarded-carrier';
import {
  INTEGRATION,
  MOCK_CLIENT,
  purchaseOf,
} from '../../apps/label/src/carrier/guard/guarded-usps.fixture';
import { RedisCarrierLimits } from '../../apps/label/src/carrier/guard/redis-carrier-limits';
import { UspsCarrier } from '../../apps/label/src/carrier/usps/usps-carrier';
import { UspsSessions } from '../../apps/label/src/carrier/usps/usps-sessions';
import { carrierBatchRun } from './carrier-batch';
import { MockProcess } from './mock-process';

const { values } = parseArgs({
  options: {
    latency: { type: 'string', default: '150' },
    rate: { type: 'string', default: '40' },
    items: { type: 'string', default: '1000' },
    concurrency: { type: 'string', default: '20' },
    parts: { type: 'string', default: 'guard,batch' },
  },
});
const LATENCY_MS = Number(values.latency);
const PER_SECOND = Number(values.rate);
const ITEMS = Number(values.items);
const CONCURRENCY = Number(values.concurrency);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const PARTS = new Set(values.parts?.split(','));

function guardedInstance(url: string, redis: Redis, prefix: string): GuardedCarrier {
  const guard = new AccountGuard(
    'usps',
    INTEGRATION.id,
    {
      limits: { ratePerSecond: PER_SECOND, concurrency: CONCURRENCY, slotLeaseMs: SLOT_LEASE_MS },
      attempts: 4,
      backoff: { baseMs: 500, maxMs: 30_000 },
      circuit: { failuresToOpen: 10, coolDownMs: 30_000 },
      maxCircuitWaitMs: 120_000,
      maxRetryAfterMs: 60_000,
    },
    new RedisCarrierLimits(redis, prefix),
    systemGuardClock,
  );
  const adapter = new UspsCarrier(INTEGRATION, {
    baseUrl: url,
    sessions: new UspsSessions(),
    timeoutMs: 30_000,
  });
  return new GuardedCarrier(adapter, guard);
}

async function run(instances: number, url: string, mock: MockProcess): Promise<void> {
  const prefix = uniqueRedisPrefix('bench-carrier');
  const connections = Array.from({ length: instances }, () => new Redis(REDIS_URL));
  const carriers = connections.map((redis) => guardedInstance(url, redis, prefix));
  await mock.reset();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const labels = await Promise.all(
    Array.from({ length: ITEMS }, (_, index) => carriers[index % instances].purchase(purchaseOf(index))),
  );
  const seconds = (performance.now() - started) / 1_000;
  const cpu = process.cpuUsage(cpuBefore);
  const counts = await mock.counts();
  for (const redis of connections) redis.disconnect();
  await deleteRedisKeys(prefix, REDIS_URL);
  const floor = ITEMS / PER_SECOND + LATENCY_MS / 1_000;
  const labelled = labels.filter((label) => label.ok).length;
  console.log(
    [
      `${instances} guard instance${instances > 1 ? 's' : ''}:`,
      `first purchase -> last label ${seconds.toFixed(2)} s,`,
      `floor ${floor.toFixed(2)} s, ratio ${(seconds / floor).toFixed(3)}x (target 1.15x),`,
      `labelled ${labelled}/${ITEMS}, mock answered 429 ${counts.refused} times of ${counts.requests} requests,`,
      `CPU ${(((cpu.user + cpu.system) / 1_000 / ITEMS) * 1_000).toFixed(0)} ms per 1,000 items`,
    ].join(' '),
  );
}

async function main(): Promise<void> {
  console.log(
    `${ITEMS} purchases, mock latency ${LATENCY_MS} ms, carrier and guard limit ${PER_SECOND}/s, concurrency ${CONCURRENCY}`,
  );
  const { mock, url } = await MockProcess.start([MOCK_CLIENT], LATENCY_MS, PER_SECOND);
  const settings = {
    items: ITEMS,
    latencyMs: LATENCY_MS,
    perSecond: PER_SECOND,
    concurrency: CONCURRENCY,
    redisUrl: REDIS_URL,
  };
  try {
    if (PARTS.has('guard')) for (const instances of [1, 2]) await run(instances, url, mock);
    if (PARTS.has('batch'))
      for (const instances of [1, 2])
        console.log(await carrierBatchRun(instances, settings, { process: mock, url, client: MOCK_CLIENT }));
  } finally {
    mock.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
