/**
 * bench/rate-limit: the cost of one rate-limit hit as the gateway counts it, in process
 * (no REDIS_URL) and in Redis (REDIS_URL, default redis://127.0.0.1:6379), in alternating rounds:
 * one hit at a time (the latency a request waits) and 20 in flight (as 20 connections make them),
 * with the gateway process's CPU per hit. Prints min / median / max over the rounds.
 * Run: npm run bench:rate-limit
 */
import { DEFAULT_GATEWAY_HTTP_CONFIG } from '@shipping/gateway-app';
import { deleteRedisKeys, uniqueRedisPrefix } from '@shipping/testing';
import pino from 'pino';
import { createRateLimitStorage } from '../../apps/gateway/src/http/rate-limit/rate-limit-storage.module';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const HITS = 20_000;
const IN_FLIGHT = 20;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

type Storage = Awaited<ReturnType<typeof createRateLimitStorage>>;
interface Figures {
  sequentialUs: number;
  concurrentHitsPerS: number;
  cpuUsPerHit: number;
}

const hit = (storage: Storage) => storage.increment('default:key:bench', 60_000, 1e9, 60_000, 'default');

async function measure(storage: Storage): Promise<Figures> {
  const cpuBefore = process.cpuUsage();
  let started = process.hrtime.bigint();
  for (let i = 0; i < HITS; i++) await hit(storage);
  const sequentialUs = Number(process.hrtime.bigint() - started) / 1_000 / HITS;
  started = process.hrtime.bigint();
  let left = HITS;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left-- > 0) await hit(storage);
    }),
  );
  const concurrentHitsPerS = HITS / (Number(process.hrtime.bigint() - started) / 1e9);
  const cpu = process.cpuUsage(cpuBefore);
  return { sequentialUs, concurrentHitsPerS, cpuUsPerHit: (cpu.user + cpu.system) / (2 * HITS) };
}

const spread = (values: number[], digits: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  const show = (value: number) => value.toFixed(digits);
  return `${show(sorted[0])} / ${show(sorted[Math.floor(sorted.length / 2)])} / ${show(sorted[sorted.length - 1])}`;
};

async function main(): Promise<void> {
  const redisKeyPrefix = uniqueRedisPrefix('bench-rate-limit');
  const logger = pino({ level: 'warn' });
  const config = { ...DEFAULT_GATEWAY_HTTP_CONFIG, redisKeyPrefix };
  const storages: Record<string, Storage> = {
    'in process': await createRateLimitStorage(config, logger),
    Redis: await createRateLimitStorage({ ...config, redisUrl: REDIS_URL }, logger),
  };
  const rounds: Record<string, Figures[]> = { 'in process': [], Redis: [] };
  try {
    for (const storage of Object.values(storages)) await measure(storage); // warm-up
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, storage] of Object.entries(storages)) rounds[name].push(await measure(storage));
    }
  } finally {
    for (const storage of Object.values(storages)) storage.onApplicationShutdown();
    await deleteRedisKeys(redisKeyPrefix, REDIS_URL);
  }
  console.log(
    `bench/rate-limit: one hit of the gateway's rate limit, ${ROUNDS} rounds in turn of ${HITS} hits one at a time then ${HITS} with ${IN_FLIGHT} in flight; min / median / max`,
  );
  for (const [name, figures] of Object.entries(rounds)) {
    console.log(
      `  ${name.padEnd(10)}  one at a time µs/hit  ${spread(
        figures.map((f) => f.sequentialUs),
        1,
      )}`,
    );
    console.log(
      `  ${''.padEnd(10)}  ${IN_FLIGHT} in flight hits/s    ${spread(
        figures.map((f) => f.concurrentHitsPerS),
        0,
      )}`,
    );
    console.log(
      `  ${''.padEnd(10)}  gateway CPU µs/hit     ${spread(
        figures.map((f) => f.cpuUsPerHit),
        1,
      )}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
