import { type SqlClient } from '@shipping/event-store';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { eventually, type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { LeaseLost } from './fenced-leases';
import { LeaseSweep } from './lease-sweep';
import { LeasedWork } from './leased-work';

const backends = sqlBackends<SqlClient>('leased_work', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});

type Job = { id: string; payload: string; holder: string | null };

const JOBS = 60;

describe.each(backends)('leased work on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;

  beforeEach(async () => {
    db = await backend.open();
    await db.client().exec(`create table leased_jobs (id text primary key, payload text not null,
      holder text, lease_token bigint not null default 0, lease_expires_at timestamptz,
      created_at timestamptz not null default clock_timestamp())`);
  });

  afterEach(() => db.close());

  /** One instance's view of the jobs: on the server, a pool of its own. */
  const worker = (leaseMs = 60_000) =>
    new LeasedWork(db.client(), {
      name: 'leased_jobs',
      key: 'id',
      leaseMs,
      columns: { id: 'text', payload: 'text' },
      order: 'created_at, id',
    });

  const jobs = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      id: `job-${String(index).padStart(3, '0')}`,
      payload: `p${index}`,
    }));

  it('gives each of N jobs to exactly one of three sweeping workers, and each worker finishes what it took', async () => {
    await worker().add(jobs(JOBS));
    const done: string[] = [];
    const failures: unknown[] = [];
    const sweeps = ['w1', 'w2', 'w3'].map((holder) => {
      const work = worker();
      return LeaseSweep.claiming<Job>(work, holder, {
        everyMs: 20,
        limit: 4,
        take: async (taken) => {
          for (const job of taken) {
            expect(job.holder).toBe(holder);
            await work.update(job.lease, 'payload = payload || $3', [`:${holder}`]);
            done.push(job.id);
            expect(await work.remove(job.lease)).toBe(true);
          }
        },
        failed: (error) => failures.push(error),
      });
    });
    try {
      await Promise.all(sweeps.map((sweep) => sweep.start()));
      await eventually(async () => (done.length >= JOBS ? true : undefined));
    } finally {
      await Promise.all(sweeps.map((sweep) => sweep.stop()));
    }
    expect(failures).toEqual([]);
    expect(done).toHaveLength(JOBS);
    expect(new Set(done).size).toBe(JOBS);
    expect((await db.client().query('select id from leased_jobs')).rows).toEqual([]);
  });

  it('claims a row once among racing claims, inserting it held, and leaves it out of the free rows', async () => {
    const workers = [worker(), worker(), worker()];
    const claims = await Promise.all(
      workers.flatMap((work, index) => [0, 1].map(() => work.claim<Job>(jobs(5), `h${index}`))),
    );
    const taken = claims.flat().map((job) => job.id);
    expect(taken.sort()).toEqual(jobs(5).map((job) => job.id));
    expect(await workers[0].free(10)).toEqual([]);
    expect(await workers[1].claimFree('late', 10)).toEqual([]);
  });

  it("takes a dead holder's job over once its lease ran out by the database's clock, and fences the dead one out", async () => {
    await worker().add(jobs(1));
    const shortLived = worker(300);
    const [dead] = await shortLived.claimFree<Job>('dead', 1);
    expect(await worker().claimFree('early', 1)).toEqual([]);

    const [alive] = await eventually(async () => {
      const taken = await shortLived.claimFree<Job>('alive', 1);
      return taken.length > 0 ? taken : undefined;
    });
    expect(BigInt(alive.lease.token)).toBeGreaterThan(BigInt(dead.lease.token));
    await expect(shortLived.update(dead.lease, 'payload = $3', ['dead wrote'])).rejects.toBeInstanceOf(
      LeaseLost,
    );
    await shortLived.release(dead.lease);
    expect(await shortLived.remove(dead.lease)).toBe(false);
    expect(await shortLived.leases.renew(alive.lease)).toBe(true);
    const { rows } = await db.client().query<Job>('select id, payload, holder from leased_jobs');
    expect(rows).toEqual([{ id: 'job-000', payload: 'p0', holder: 'alive' }]);
  });

  it('keeps a released job back for its retry wait, counting it as the release says', async () => {
    await db.client().exec('alter table leased_jobs add column failures integer not null default 0');
    const work = worker();
    await work.add(jobs(1));
    const [job] = await work.claimFree<Job>('h', 1);
    await work.release(job.lease, 60_000, 'failures = failures + 1');
    expect(await work.claimFree('h', 1)).toEqual([]);
    await db
      .client()
      .query(`update leased_jobs set lease_expires_at = clock_timestamp() - interval '1 second'`);
    expect(await work.claimFree('h', 1)).toEqual([expect.objectContaining({ id: 'job-000', failures: 1 })]);
  });

  // PGlite's clock is its process's: one process opens it, so there is no other clock to disagree.
  (backend.concurrent ? it : it.skip)(
    'does not steal a live lease from a process whose clock runs a day ahead',
    async () => {
      const work = worker();
      await work.add(jobs(3));
      const held = await work.claimFree<Job>('honest', 2);
      jest.useFakeTimers({
        now: Date.now() + 86_400_000,
        doNotFake: [
          'setInterval',
          'setTimeout',
          'clearInterval',
          'clearTimeout',
          'nextTick',
          'setImmediate',
          'queueMicrotask',
          'performance',
          'hrtime',
        ],
      });
      try {
        const skewed = worker();
        expect((await skewed.claimFree<Job>('skewed', 10)).map((job) => job.id)).toEqual(['job-002']);
        expect(await skewed.claim(jobs(2), 'skewed')).toEqual([]);
        expect(await skewed.free(10)).toEqual([]);
      } finally {
        jest.useRealTimers();
      }
      for (const job of held) await expect(work.leases.check(job.lease)).resolves.toBeUndefined();
    },
  );
});
