import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export interface TestDatabase {
  /** Connection string of the new, empty database. */
  url: string;
  /** Drops the database, ending any connection still open to it. Safe to call twice. */
  drop(): Promise<void>;
}

const defaultAdminUrl = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh database on the test PostgreSQL server, so parallel test files never share tables.
 * The server comes from TEST_DATABASE_URL_ADMIN (a role allowed to create databases).
 */
export async function createTestDatabase(prefix = 'test'): Promise<TestDatabase> {
  const adminUrl = process.env['TEST_DATABASE_URL_ADMIN'] ?? defaultAdminUrl;
  const name = databaseName(prefix);
  await withAdmin(adminUrl, (admin) => admin.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    drop: async () => {
      if (dropped) return;
      dropped = true;
      // `with (force)` terminates sessions still connected (a pool a failed test never closed).
      await withAdmin(adminUrl, (admin) => admin.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

function databaseName(prefix: string): string {
  const safePrefix = prefix
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  return `${safePrefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
}

async function withAdmin<T>(adminUrl: string, work: (admin: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}
