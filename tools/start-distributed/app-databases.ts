import { Client } from 'pg';

/** One app's database on the server of `serverUrl`: the same URL with the database's name as its path. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The URL without its password, to print. */
export function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/**
 * Creates the databases that do not exist yet and returns their names. The launcher connects to
 * the database `serverUrl` names, or `postgres` when it names none.
 */
export async function createMissingDatabases(serverUrl: string, names: string[]): Promise<string[]> {
  return withServer(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname = any($1::text[])',
      [names],
    );
    const existing = new Set(rows.map((row) => row.datname));
    const created: string[] = [];
    for (const name of names.filter((one) => !existing.has(one))) {
      try {
        await client.query(`create database "${name}"`);
        created.push(name);
      } catch (error) {
        // 42P04: created meanwhile by someone else, which is as good.
        if ((error as { code?: string }).code !== '42P04') throw error;
      }
    }
    return created;
  });
}

/** Drops the databases, ending any session still connected to them. */
export async function dropDatabases(serverUrl: string, names: string[]): Promise<void> {
  await withServer(serverUrl, async (client) => {
    for (const name of names) await client.query(`drop database if exists "${name}" with (force)`);
  });
}

async function withServer<T>(serverUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const url = new URL(serverUrl);
  if (url.pathname === '' || url.pathname === '/') url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString(), connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL at ${redacted(url.toString())} cannot be reached (${error instanceof Error ? error.message : String(error)}); set DATABASE_URL to a server you can create databases on`,
      { cause: error },
    );
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
