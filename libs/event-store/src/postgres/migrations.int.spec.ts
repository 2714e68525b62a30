import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import type { SqlClient } from '../sql-client';
import { migrate, type Migration, type MigrationSet, schemaReady } from './migrations';
import { createPgSqlClient } from './pg-sql-client';
import { createPgliteSqlClient } from './pglite-sql-client';

/** Migrations that fail when run twice: a second `create table` or `alter` throws, a second insert counts. */
const counted: readonly Migration[] = [
  { version: 1, name: 'runs table', sql: 'create table runs (n integer not null)' },
  { version: 2, name: 'first run', sql: 'insert into runs (n) values (1)' },
  { version: 3, name: 'runs note', sql: 'alter table runs add column note text' },
];

const set = (migrations: readonly Migration[], owner = 'counted'): MigrationSet => ({ owner, migrations });

async function recorded(sql: SqlClient, owner: string): Promise<{ version: number; name: string }[]> {
  const { rows } = await sql.query<{ version: number; name: string }>(
    'select version, name from schema_migrations where owner = $1 order by version',
    [owner],
  );
  return rows;
}

describe('migrate on a PostgreSQL server', () => {
  let database: TestDatabase;
  const clients: SqlClient[] = [];
  const client = () => {
    const sql = createPgSqlClient(database.url, { max: 2 });
    clients.push(sql);
    return sql;
  };

  beforeEach(async () => {
    database = await createTestDatabase('migrations');
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((sql) => sql.close()));
    await database.drop();
  });

  it('applies each migration once when instances start together on an empty database', async () => {
    const instances = Array.from({ length: 8 }, client);
    const applied = await Promise.all(instances.map((sql) => migrate(sql, set(counted))));

    expect(applied.flat().map((migration) => migration.version)).toEqual([1, 2, 3]);
    const { rows } = await instances[0].query<{ runs: string }>('select count(*)::text as runs from runs');
    expect(rows[0].runs).toBe('1');
    expect(await recorded(instances[0], 'counted')).toEqual([
      { version: 1, name: 'runs table' },
      { version: 2, name: 'first run' },
      { version: 3, name: 'runs note' },
    ]);
  });

  it('applies only the versions a database has not recorded, in order', async () => {
    const sql = client();
    expect(await migrate(sql, set(counted.slice(0, 1)))).toHaveLength(1);
    expect((await migrate(sql, set(counted))).map((migration) => migration.version)).toEqual([2, 3]);
    expect(await migrate(sql, set(counted))).toEqual([]);
    expect((await recorded(sql, 'counted')).map((row) => row.version)).toEqual([1, 2, 3]);
  });

  it('keeps the versions of each owner apart in one database', async () => {
    const sql = client();
    await migrate(sql, set(counted));
    const other = set([{ version: 1, name: 'other table', sql: 'create table other (n integer)' }], 'other');
    expect(await migrate(sql, other)).toHaveLength(1);
    expect((await recorded(sql, 'other')).map((row) => row.version)).toEqual([1]);
  });

  it('leaves nothing of a run whose migration fails, and applies it all once fixed', async () => {
    const sql = client();
    const broken = [counted[0], { version: 2, name: 'typo', sql: 'insert into runs (missing) values (1)' }];
    await expect(migrate(sql, set(broken))).rejects.toThrow(/missing/);
    const { rows } = await sql.query(
      "select table_name from information_schema.tables where table_name in ('runs', 'schema_migrations')",
    );
    expect(rows).toEqual([]);

    expect(await migrate(sql, set(counted))).toHaveLength(3);
  });

  it('refuses a set whose versions are not numbered 1, 2, 3... in order', async () => {
    const sql = client();
    await expect(migrate(sql, set([counted[0], counted[2]]))).rejects.toThrow(/numbered 1, 2, 3/);
    await expect(migrate(sql, set([counted[1]]))).rejects.toThrow(/numbered 1, 2, 3/);
  });

  it('schemaReady applies a set once per client, and again after a failure', async () => {
    const sql = client();
    const broken = set([{ version: 1, name: 'typo', sql: 'create tabel runs (n integer)' }], 'ready');
    await expect(schemaReady(sql, broken)).rejects.toThrow();
    const fixed = set(counted, 'ready');
    await Promise.all([schemaReady(sql, fixed), schemaReady(sql, fixed), schemaReady(sql, fixed)]);
    expect((await recorded(sql, 'ready')).map((row) => row.version)).toEqual([1, 2, 3]);
  });
});

describe('migrate on PGlite', () => {
  it('applies each migration once, under the same advisory lock', async () => {
    const sql = await createPgliteSqlClient();
    try {
      const applied = await Promise.all([1, 2, 3].map(() => migrate(sql, set(counted))));
      expect(applied.flat()).toHaveLength(3);
      const { rows } = await sql.query<{ runs: string }>('select count(*)::text as runs from runs');
      expect(rows[0].runs).toBe('1');
      expect((await recorded(sql, 'counted')).map((row) => row.version)).toEqual([1, 2, 3]);
    } finally {
      await sql.close();
    }
  });
});
