import { createPgliteSqlClient } from '../postgres/pglite-sql-client';
import { PostgresEventStore, type PostgresEventStoreOptions } from '../postgres/postgres-event-store';
import type { SqlClient } from '../sql-client';

/**
 * One in-memory PGlite database for a spec file, opened in `beforeAll`: each store on it gets a
 * schema of its own, so its events and $all start empty, at the cost of a migration instead of a
 * new database. Closing a store leaves the database open for the next one.
 */
export function inMemorySchemas() {
  let database: SqlClient | undefined;
  let schemas = 0;

  beforeAll(async () => {
    database = await createPgliteSqlClient();
  }, 60_000);

  afterAll(() => database?.close());

  const opened = (): SqlClient => {
    if (!database) throw new Error('inMemorySchemas() opens its database in beforeAll');
    return database;
  };

  /** The shared database, every call passed on, but close() leaves it open. */
  const client = (): SqlClient =>
    Object.assign(Object.create(opened()) as SqlClient, { close: async () => undefined });

  /** A store in a new schema of the shared database, initialised, over `on` (by default a client of it). */
  const openStore = async (options?: PostgresEventStoreOptions, on: SqlClient = client()) => {
    schemas += 1;
    const store = new PostgresEventStore(on, { ...options, schema: `store_${schemas}` });
    await store.init();
    return store;
  };

  return { client, openStore, database: opened };
}
