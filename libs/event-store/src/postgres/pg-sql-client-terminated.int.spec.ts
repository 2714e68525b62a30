import { createTestDatabase, type TestDatabase, waitUntilActive } from '@shipping/testing';
import { Client } from 'pg';
import type { SqlClient } from '../sql-client';
import { createPgSqlClient } from './pg-sql-client';

describe('PgSqlClient when the backend of a transaction is terminated (pg_terminate_backend)', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let admin: Client;

  beforeAll(async () => {
    database = await createTestDatabase('pg_terminated');
    sql = createPgSqlClient(database.url, { max: 1 });
    admin = new Client({ connectionString: database.url });
    await admin.connect();
  }, 60_000);

  afterAll(async () => {
    await admin?.end();
    await sql?.close();
    await database?.drop();
  });

  it('rejects with the server error, raises no error event nobody hears, and the pool serves the next query', async () => {
    const failed = sql
      .transaction(async (tx) => {
        const { rows } = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        terminateWhenActive(rows[0].pid);
        await tx.query('select pg_sleep(600)');
      })
      .then(
        () => Promise.reject(new Error('the transaction did not fail')),
        (error: unknown) => error,
      );

    // Before the fix the connection's end was an unheard 'error' event: an uncaught exception.
    await expect(failed).resolves.toMatchObject({ code: '57P01' });
    await expect(sql.query('select 1 as one')).resolves.toMatchObject({ rows: [{ one: 1 }] });
  });

  function terminateWhenActive(pid: number): void {
    void waitUntilActive(admin, pid).then(() => admin.query('select pg_terminate_backend($1)', [pid]));
  }
});
