import { migrate, type SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { BATCH_MIGRATIONS } from './batch.migrations';

const BEFORE_MODES = { ...BATCH_MIGRATIONS, migrations: BATCH_MIGRATIONS.migrations.slice(0, 4) };

describe('the batch migration that gives ledgers and batches their key mode, on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: SqlClient;

  beforeAll(async () => {
    database = await createTestDatabase('batch_migrations_modes');
    sql = createPgSqlClient(database.url, { max: 2 });
  }, 60_000);

  afterAll(async () => {
    await sql?.close();
    await database?.drop();
  });

  it('makes every row written before it test data, the summary document included', async () => {
    await migrate(sql, BEFORE_MODES);
    await sql.query(
      `insert into batch_view (batch_id, account_id, last_revision, doc) values ('b-old', 'acct_old', 3, $1)`,
      [JSON.stringify({ id: 'b-old', account_id: 'acct_old', status: 'ready' })],
    );
    await sql.query(
      `insert into batch_items_view (batch_id, item_id, idx, status, revision) values ('b-old', 'i-1', 0, 'valid', 1)`,
    );
    await sql.query(
      `insert into ledger_heads (stream, revision, balance_cents) values ('ledger-acct_old', 0, 100)`,
    );

    await migrate(sql, BATCH_MIGRATIONS);

    const modes = await sql.query<{ mode: string; doc_mode: string }>(
      `select mode, doc->>'mode' as doc_mode from batch_view
       union all select mode, null from batch_items_view
       union all select mode, null from ledger_heads`,
    );
    expect(modes.rows).toEqual([
      { mode: 'test', doc_mode: 'test' },
      { mode: 'test', doc_mode: null },
      { mode: 'test', doc_mode: null },
    ]);
  });
});
