import { Logger } from '@nestjs/common';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { createTestDatabase, eventually, type TestDatabase } from '@shipping/testing';
import { Leadership } from './leadership';

const FAST = { retryMs: 50, checkMs: 50, checkTimeoutMs: 1_000 };
const LOCK = 'shipping.spec.relays';
const quiet = new Logger('spec');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Instances of one app, each on a pool of its own, all wanting to run the same job. */
describe('leadership by a PostgreSQL advisory lock', () => {
  let database: TestDatabase;
  const pools: SqlClient[] = [];
  const leaderships: Leadership[] = [];
  let leading = 0;
  let mostAtOnce = 0;
  let started = 0;

  beforeAll(() => Logger.overrideLogger(['error']));

  beforeEach(async () => {
    database = await createTestDatabase('leadership');
    leading = 0;
    mostAtOnce = 0;
    started = 0;
  });

  afterEach(async () => {
    await Promise.all(leaderships.splice(0).map((leadership) => leadership.stop()));
    await Promise.all(pools.splice(0).map((pool) => pool.close()));
    await database.drop();
  });

  function instance(): Leadership {
    const pool = createPgSqlClient(database.url, { max: 3 });
    pools.push(pool);
    const leadership = new Leadership(
      pool,
      LOCK,
      async () => {
        started += 1;
        leading += 1;
        mostAtOnce = Math.max(mostAtOnce, leading);
        return async () => {
          leading -= 1;
        };
      },
      quiet,
      FAST,
    );
    leaderships.push(leadership);
    leadership.start();
    return leadership;
  }

  const leaderOf = (candidates: Leadership[]) =>
    eventually(async () => {
      const leaders = candidates.filter((candidate) => candidate.isLeader);
      return leaders.length === 1 ? leaders[0] : undefined;
    }, 10_000);

  it('lets one of several instances lead, and only one, for as long as it lives', async () => {
    const instances = [instance(), instance(), instance()];
    const leader = await leaderOf(instances);
    // Many rounds of the others trying for the lock.
    await sleep(40 * FAST.retryMs);
    expect(leader.isLeader).toBe(true);
    expect(instances.filter((candidate) => candidate.isLeader)).toEqual([leader]);
    expect(mostAtOnce).toBe(1);
    expect(started).toBe(1);
  });

  it('hands the lead to another instance when the leader stops', async () => {
    const instances = [instance(), instance()];
    const first = await leaderOf(instances);
    await first.stop();
    const second = await leaderOf(instances.filter((candidate) => candidate !== first));
    expect(second).not.toBe(first);
    expect(leading).toBe(1);
    expect(started).toBe(2);
  });

  it("hands the lead over when the leader's connection dies, and the old leader stops its work", async () => {
    const instances = [instance(), instance()];
    await leaderOf(instances);
    const admin = createPgSqlClient(database.url, { max: 1 });
    try {
      // What a crash, a network cut or an administrator does to the leader's session.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and granted
         and database = (select oid from pg_database where datname = current_database())`,
      );
    } finally {
      await admin.close();
    }
    await eventually(async () => (started === 2 ? true : undefined), 10_000);
    await leaderOf(instances);
    // The old leader learns of its loss at its next check, so both may run for that moment (the
    // relays it runs send at least once); then it stops, and one runs.
    await eventually(async () => (leading === 1 ? true : undefined), 10_000);
  });
});
