import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { RetentionJob } from './retention-job';
import { deleteRowsWhere, type RetentionPolicy } from './retention-policy';

const backends = sqlBackends<SqlClient>('retention', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 3 }),
});

const now = new Date('2030-01-10T00:00:00Z');
const clock = { now: () => now };
const BATCH = 50;

describe.each(backends)('pruning a table by its retention on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  const batches: number[] = [];

  /** Rows that carry their own expiry go at it; each batch's count is noted. */
  const policy: RetentionPolicy = {
    ...deleteRowsWhere('kept_things', 'expires_at <= $1'),
    async prune(tx, at, limit) {
      const deleted = await deleteRowsWhere('kept_things', 'expires_at <= $1').prune(tx, at, limit);
      batches.push(deleted);
      return deleted;
    },
  };

  const job = (client = sql) =>
    new RetentionJob(client, clock, [policy], { batchSize: BATCH, intervalMs: 60_000 });

  const ids = async () =>
    (await sql.query<{ id: string }>('select id from kept_things order by id')).rows.map((row) => row.id);

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
  }, 60_000);
  afterAll(() => db?.close());

  beforeEach(async () => {
    batches.splice(0);
    await sql.exec(
      'drop table if exists kept_things; create table kept_things (id text primary key, expires_at timestamptz not null)',
    );
    await sql.query(
      `insert into kept_things (id, expires_at)
       select 'gone-' || lpad(n::text, 4, '0'), $1::timestamptz - n * interval '1 minute' from generate_series(0, 122) n`,
      [now.toISOString()],
    );
    await sql.query(
      `insert into kept_things (id, expires_at) values ('live-1', $1::timestamptz + interval '1 second'), ('live-2', '2031-01-01')`,
      [now.toISOString()],
    );
  });

  it('deletes the rows no longer live in batches, and keeps the live ones', async () => {
    expect(await job().pruneOnce()).toEqual({ kept_things: 123 });
    expect(batches).toEqual([50, 50, 23]);
    expect(await ids()).toEqual(['live-1', 'live-2']);
    expect(await job().pruneOnce()).toEqual({ kept_things: 0 });
  });

  // PGlite is one process's: no other instance to leave the table to.
  (backend.concurrent ? it : it.skip)('leaves a table to the instance that is pruning it', async () => {
    const other = db.client();
    let releaseLock!: () => void;
    const held = new Promise<void>((resolve) => (releaseLock = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holder = other.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
        'shipping.retention.kept_things',
      ]);
      locked();
      await held;
    });
    await lockTaken;
    expect(await job().pruneOnce()).toEqual({ kept_things: 0 });
    expect(await ids()).toHaveLength(125);
    releaseLock();
    await holder;
    expect(await job().pruneOnce()).toEqual({ kept_things: 123 });
  });
});
