import { Client } from 'pg';
import { createTestDatabase } from './test-database';

const adminUrl = process.env['TEST_DATABASE_URL_ADMIN'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function databaseExists(name: string): Promise<boolean> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const { rows } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    return rows.length === 1;
  } finally {
    await admin.end();
  }
}

describe('createTestDatabase', () => {
  it('creates an empty database of its own, named after the prefix, and drops it even while connected', async () => {
    const [database, other] = await Promise.all([
      createTestDatabase('Testing-Spec'),
      createTestDatabase('testing_spec'),
    ]);
    const name = new URL(database.url).pathname.slice(1);
    const leftover = new Client({ connectionString: database.url });
    leftover.on('error', () => undefined);
    try {
      expect(name).toMatch(/^testing_spec_[a-z0-9]+_[0-9a-f]{8}$/);
      expect(database.url).not.toBe(other.url);
      await leftover.connect();
      const { rows } = await leftover.query<{ name: string; tables: string }>(
        `select current_database() as name, (select count(*) from pg_tables where schemaname = 'public')::text as tables`,
      );
      expect(rows[0]).toEqual({ name, tables: '0' });

      await database.drop();
      await database.drop();

      expect(await databaseExists(name)).toBe(false);
    } finally {
      await leftover.end().catch(() => undefined);
      await other.drop();
    }
  });
});
