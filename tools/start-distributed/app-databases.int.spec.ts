import { Client } from 'pg';
import { createMissingDatabases, databaseUrl, dropDatabases, redacted } from './app-databases';

const SERVER = process.env['TEST_DATABASE_URL_ADMIN'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function existing(names: string[]): Promise<string[]> {
  const client = new Client({ connectionString: SERVER });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = any($1::text[]) order by datname',
      [names],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

describe("the apps' databases on the local PostgreSQL", () => {
  const names = ['order', 'pickup'].map((app) => `launcher_db_${Date.now().toString(36)}_${app}`);
  afterAll(() => dropDatabases(SERVER, names));

  it('creates the missing ones, keeps those that exist, and drops them', async () => {
    expect(await createMissingDatabases(SERVER, names.slice(0, 1))).toEqual(names.slice(0, 1));
    expect(await createMissingDatabases(SERVER, names)).toEqual(names.slice(1));
    expect(await createMissingDatabases(SERVER, names)).toEqual([]);
    expect(await existing(names)).toEqual([...names].sort());

    await dropDatabases(SERVER, names);
    expect(await existing(names)).toEqual([]);
  });

  it('connects to the postgres database of a server URL that names none', async () => {
    const server = new URL(SERVER);
    server.pathname = '';
    expect(await createMissingDatabases(server.toString(), [])).toEqual([]);
  });

  it('names DATABASE_URL when the server cannot be reached, without its password', async () => {
    await expect(createMissingDatabases('postgres://me:secret@127.0.0.1:1', names)).rejects.toThrow(
      /^PostgreSQL at postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/postgres cannot be reached .*set DATABASE_URL/,
    );
  });

  it("puts each app's database on the server's URL, keeping its options", () => {
    expect(databaseUrl('postgres://postgres@127.0.0.1:5432', 'shipping_order')).toBe(
      'postgres://postgres@127.0.0.1:5432/shipping_order',
    );
    expect(databaseUrl('postgres://u:p@db:5433/postgres?sslmode=require', 'shipping_batch')).toBe(
      'postgres://u:p@db:5433/shipping_batch?sslmode=require',
    );
    expect(redacted('postgres://u:p@db:5433')).toBe('postgres://u:***@db:5433');
  });
});
