/**
 * bench/leases: what claiming and completing N leased jobs costs with the project's LeasedWork and
 * with pg-boss, each on a fresh PostgreSQL database: N jobs enqueued in one statement, then three
 * workers (a pool each, as three instances) claim up to 10 at a time and complete what they took
 * until none is left. Prints, per variant, the wall time of enqueueing and of draining (min, median
 * and max of the rounds) and the jobs each worker took. Prints figures only.
 * pg-boss 10 (the newest that runs on Node 20) is a dev dependency for this comparison only.
 * Run: node -r ./tools/ts-runtime/register.js bench/leases/leased-work.bench.ts [--jobs 2000 --rounds 5 --variant leased-work|pg-boss|both]
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import type { SqlClient } from '@shipping/event-store';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { LeasedWork } from '../../libs/platform/src/leases/leased-work';

const { values } = parseArgs({
  options: {
    jobs: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    variant: { type: 'string', default: 'both' },
  },
});
const JOBS = Number(values.jobs);
const ROUNDS = Number(values.rounds);
const WORKERS = 3;
const BATCH = 10;

interface Variant {
  name: string;
  /** Sets the database up and enqueues the jobs; answers the workers' drain. */
  prepare(
    database: TestDatabase,
  ): Promise<{ enqueue(): Promise<void>; drain(): Promise<number[]>; close(): Promise<void> }>;
}

const payloads = () =>
  Array.from({ length: JOBS }, (_, index) => ({
    id: `job-${index}`,
    payload: JSON.stringify({ batch: index }),
  }));

const leasedWork: Variant = {
  name: 'leased-work',
  async prepare(database) {
    const clients: SqlClient[] = Array.from({ length: WORKERS + 1 }, () =>
      createPgSqlClient(database.url, { max: 2 }),
    );
    await clients[0].exec(`create table bench_jobs (id text primary key, payload text not null, holder text,
      lease_token bigint not null default 0, lease_expires_at timestamptz,
      created_at timestamptz not null default clock_timestamp())`);
    const work = (sql: SqlClient) =>
      new LeasedWork(sql, {
        name: 'bench_jobs',
        key: 'id',
        leaseMs: 60_000,
        columns: { id: 'text', payload: 'text' },
        order: 'created_at, id',
      });
    return {
      enqueue: () => work(clients[0]).add(payloads()),
      drain: () =>
        Promise.all(
          clients.slice(1).map(async (sql, index) => {
            const worker = work(sql);
            let taken = 0;
            for (;;) {
              const claimed = await worker.claimFree(`w${index}`, BATCH);
              if (claimed.length === 0) return taken;
              await worker.leases.removeAll(claimed.map((job) => job.lease));
              taken += claimed.length;
            }
          }),
        ),
      close: async () => void (await Promise.all(clients.map((sql) => sql.close()))),
    };
  },
};

const pgBoss: Variant = {
  name: 'pg-boss',
  async prepare(database) {
    const PgBoss = require('pg-boss') as PgBossClass;
    const bosses = Array.from(
      { length: WORKERS + 1 },
      () => new PgBoss({ connectionString: database.url, max: 2, supervise: false, schedule: false }),
    );
    for (const boss of bosses) await boss.start();
    await bosses[0].createQueue('bench');
    return {
      enqueue: () => bosses[0].insert(payloads().map((job) => ({ name: 'bench', data: job }))),
      drain: () =>
        Promise.all(
          bosses.slice(1).map(async (boss) => {
            let taken = 0;
            for (;;) {
              const jobs = (await boss.fetch('bench', { batchSize: BATCH })) ?? [];
              if (jobs.length === 0) return taken;
              await boss.complete(
                'bench',
                jobs.map((job) => job.id),
              );
              taken += jobs.length;
            }
          }),
        ),
      close: async () =>
        void (await Promise.all(bosses.map((boss) => boss.stop({ graceful: false, wait: true })))),
    };
  },
};

interface PgBossLike {
  start(): Promise<unknown>;
  stop(options: { graceful: boolean; wait: boolean }): Promise<void>;
  createQueue(name: string): Promise<void>;
  insert(jobs: { name: string; data: object }[]): Promise<void>;
  fetch(name: string, options: { batchSize: number }): Promise<{ id: string }[] | null>;
  complete(name: string, ids: string[]): Promise<unknown>;
}
type PgBossClass = new (options: object) => PgBossLike;

const spread = (figures: number[]) => {
  const sorted = [...figures].sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  return `${ms(sorted[0])} / ${ms(sorted[Math.floor(sorted.length / 2)])} / ${ms(sorted[sorted.length - 1])}`;
};

async function main(): Promise<void> {
  const variants = [leasedWork, pgBoss].filter(
    (variant) => values.variant === 'both' || values.variant === variant.name,
  );
  const figures = new Map(
    variants.map((variant) => [variant.name, { enqueue: [] as number[], drain: [] as number[] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const variant of variants) {
      const database = await createTestDatabase('bench_leases');
      try {
        const run = await variant.prepare(database);
        try {
          const started = performance.now();
          await run.enqueue();
          const enqueued = performance.now();
          const taken = await run.drain();
          const drained = performance.now();
          if (taken.reduce((sum, count) => sum + count, 0) !== JOBS)
            throw new Error(`${variant.name} took ${taken.join('+')} of ${JOBS} jobs`);
          figures.get(variant.name)?.enqueue.push(enqueued - started);
          figures.get(variant.name)?.drain.push(drained - enqueued);
          console.log(`round ${round + 1} ${variant.name}: per worker ${taken.join(' / ')}`);
        } finally {
          await run.close();
        }
      } finally {
        await database.drop();
      }
    }
  }
  console.log(
    `${JOBS} jobs, ${WORKERS} workers claiming ${BATCH} at a time, ${ROUNDS} rounds: min / median / max`,
  );
  for (const [name, { enqueue, drain }] of figures)
    console.log(`${name}: enqueue ${spread(enqueue)}; claim and complete all ${spread(drain)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
