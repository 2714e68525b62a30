import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { eventually, type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { LabelingJobs } from './labeling-jobs';

const backends = sqlBackends<SqlClient>('labeling_jobs', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});
const LEASE_MS = 60_000;
const SHORT_LEASE_MS = 200;
const TENANT = { accountId: 'acct', mode: 'test' as const };

describe.each(backends)('labelling job claims on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let cleaner: SqlClient;

  // One database for the file: each spec starts with no job, as its claims count every open one.
  beforeAll(async () => {
    db = await backend.open();
    cleaner = db.client();
  });

  afterEach(async () => {
    await cleaner.query('delete from batch_labeling_jobs');
  });

  afterAll(() => db.close());

  /** An instance of the batch app as far as jobs go: on the server, a pool of its own. */
  const instance = async () => {
    const jobs = new LabelingJobs(db.client());
    await jobs.onModuleInit();
    return jobs;
  };

  it('gives each job to one of the sweepers that race for it', async () => {
    const sweepers = await Promise.all([instance(), instance(), instance()]);
    for (let index = 0; index < 30; index++) await sweepers[0].open(`b${index}`, TENANT, `c${index}`);
    const claims = await Promise.all(
      sweepers.flatMap((jobs, sweeper) => [0, 1, 2].map(() => jobs.claim(`holder-${sweeper}`, LEASE_MS, 4))),
    );
    const taken = claims.flat().map((job) => job.batch_id);
    expect(taken.length).toBe(new Set(taken).size);
    expect(taken.length).toBe(30);
    expect(await sweepers[1].claim('late', LEASE_MS, 100)).toEqual([]);
  });

  it("hands a job out with its batch's tenant", async () => {
    const jobs = await instance();
    await jobs.open('live-job', { accountId: 'acct', mode: 'live' }, 'c1');
    expect(await jobs.claimOne('live-job', 'h', LEASE_MS)).toMatchObject({
      account_id: 'acct',
      mode: 'live',
    });
  });

  it('gives a job taken by one at once to a single claimOne of many', async () => {
    const [first, second] = await Promise.all([instance(), instance()]);
    await first.open('b1', TENANT, 'c1');
    const claims = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 ? first : second).claimOne('b1', `h${index}`, LEASE_MS),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  });

  it('hands a stalled holder’s job over once its lease ran out by the database’s clock, refuses the old lease, and keeps a failed job back for its backoff', async () => {
    const jobs = await instance();
    await jobs.open('stalled', TENANT, 'c1');
    await jobs.open('failed', TENANT, 'c2');
    const stalled = await jobs.claimOne('stalled', 'dying', SHORT_LEASE_MS);
    const failed = await jobs.claimOne('failed', 'dying', LEASE_MS);
    if (!stalled || !failed) throw new Error('a first claim was refused');
    await jobs.release(failed, LEASE_MS, { retryInMs: LEASE_MS });

    const takenOver = await eventually(async () => {
      const claimed = await jobs.claim('alive', LEASE_MS, 10);
      return claimed.length > 0 ? claimed : undefined;
    });
    expect(takenOver).toEqual([expect.objectContaining({ batch_id: 'stalled', failures: 0 })]);
    expect(await jobs.leases(SHORT_LEASE_MS).renew(stalled.lease)).toBe(false);
    await jobs.release(stalled, SHORT_LEASE_MS, { retryInMs: LEASE_MS });
    await jobs.close(stalled, SHORT_LEASE_MS);
    expect(await jobs.leases(LEASE_MS).renew(takenOver[0].lease)).toBe(true);

    expect(await jobs.claim('alive', LEASE_MS, 10)).toEqual([]);
    await db
      .client()
      .query(
        `update batch_labeling_jobs set lease_until = now() - interval '1 second' where batch_id = 'failed'`,
      );
    expect(await jobs.claim('alive', LEASE_MS, 10)).toEqual([
      expect.objectContaining({ batch_id: 'failed', failures: 1 }),
    ]);
  });
});
