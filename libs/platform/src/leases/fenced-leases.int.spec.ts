import { type SqlClient } from '@shipping/event-store';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { eventually, type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { FencedLeases, type Lease, LeaseLost } from './fenced-leases';
import { HeldLease } from './held-lease';

const backends = sqlBackends<SqlClient>('fenced_leases', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});

describe.each(backends)('fenced leases on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  const table = (leaseMs: number) => new FencedLeases(sql, { name: 'leased_rows', key: 'id', leaseMs });

  // One database for the specs, each on a table of its own, made again.
  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
  });

  beforeEach(async () => {
    await sql.exec(`create table leased_rows (id text primary key, lease_token bigint not null default 0,
      lease_expires_at timestamptz)`);
    await sql.query(`insert into leased_rows (id) values ('a'), ('b'), ('c')`);
  });

  afterEach(() => sql.exec('drop table leased_rows'));

  afterAll(() => db.close());

  const claim = async (leases: FencedLeases, id: string): Promise<Lease | undefined> => {
    const { rows } = await sql.query<{ lease_token: string }>(
      `update leased_rows set ${leases.takeLease()} where id = $1 and ${leases.isFree()} returning lease_token`,
      [id],
    );
    return rows[0] && leases.leaseOf(id, rows[0].lease_token);
  };

  it('takes a free row under a greater token, and lets the old token renew, release, check and remove nothing', async () => {
    const leases = table(60_000);
    const first = (await claim(leases, 'a')) as Lease;
    expect(await claim(leases, 'a')).toBeUndefined();
    await leases.release(first);
    const second = (await claim(leases, 'a')) as Lease;
    expect(BigInt(second.token)).toBeGreaterThan(BigInt(first.token));

    expect(await leases.renew(first)).toBe(false);
    await leases.release(first);
    await expect(leases.check(first)).rejects.toBeInstanceOf(LeaseLost);
    expect(await leases.remove(first)).toBe(false);
    expect(await claim(leases, 'a')).toBeUndefined();
    await expect(leases.check(second)).resolves.toBeUndefined();
    expect(await leases.remove(second)).toBe(true);
  });

  it('answers the leases of a group it lost, and keeps the rest', async () => {
    const leases = table(60_000);
    const group = [(await claim(leases, 'a')) as Lease, (await claim(leases, 'b')) as Lease];
    await sql.query(`update leased_rows set lease_token = lease_token + 1 where id = 'b'`);
    expect(await leases.renewAll(group)).toEqual([group[1]]);
    await expect(leases.checkAll(group)).rejects.toMatchObject({ lease: group[1] });
    expect(await leases.removeAll(group)).toEqual([group[1]]);
    expect((await sql.query(`select id from leased_rows order by id`)).rows).toEqual([
      { id: 'b' },
      { id: 'c' },
    ]);
  });

  it('aborts a held lease once a renewal finds it taken over, without being asked', async () => {
    const leases = table(300);
    const held = new HeldLease(leases, (await claim(leases, 'c')) as Lease);
    try {
      await sql.query(`update leased_rows set lease_token = lease_token + 1 where id = 'c'`);
      await eventually(async () => (held.signal.aborted ? true : undefined));
      expect(held.signal.reason).toBeInstanceOf(LeaseLost);
      await expect(held.assertHeld()).rejects.toBeInstanceOf(LeaseLost);
    } finally {
      await held.stop();
    }
  });

  // PGlite's clock is its process's: one process opens it, so there is no other clock to disagree.
  (backend.concurrent ? it : it.skip)(
    "keeps a held lease past its length while it renews, whatever the process's clock says",
    async () => {
      const leases = table(300);
      const held = new HeldLease(leases, (await claim(leases, 'a')) as Lease);
      try {
        jest.useFakeTimers({
          now: Date.now() + 3_600_000,
          advanceTimers: true,
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
        expect(await claim(leases, 'a')).toBeUndefined();
        jest.useRealTimers();
        const renewed = await sql.query<{ ends: Date }>(
          `select lease_expires_at as ends from leased_rows where id = 'a'`,
        );
        await eventually(async () => {
          const { rows } = await sql.query<{ ends: Date }>(
            `select lease_expires_at as ends from leased_rows where id = 'a'`,
          );
          return rows[0].ends > renewed.rows[0].ends ? true : undefined;
        });
        await expect(held.assertHeld()).resolves.toBeUndefined();
        expect(held.signal.aborted).toBe(false);
      } finally {
        jest.useRealTimers();
        await held.stop();
      }
    },
  );
});
