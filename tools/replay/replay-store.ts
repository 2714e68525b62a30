import type { EventStore, SqlClient } from '@shipping/event-store';
import { openEventStore, openSqlClient, StorageConfig, validateConfig } from '@shipping/platform';

export interface ReplaySource {
  config: StorageConfig;
  sql: SqlClient;
  /** The events, read the way the apps read them: upcast to their latest versions. */
  store: EventStore;
  close(): Promise<void>;
}

/** The live database: PostgreSQL at DATABASE_URL, or else the embedded PGlite store in DATA_DIR. */
export async function openReplaySource(env: NodeJS.ProcessEnv = process.env): Promise<ReplaySource> {
  const config = validateConfig(StorageConfig, {
    STORE: env['DATABASE_URL'] ? 'postgres' : 'pglite',
    DATA_DIR: env['DATA_DIR'] ?? './data',
    ...(env['DATABASE_URL'] ? { DATABASE_URL: env['DATABASE_URL'] } : {}),
  });
  const sql = await openSqlClient(config);
  const store = await openEventStore(config, sql);
  // The PostgreSQL adapter owns the SQL client: closing the store closes both.
  return { config, sql, store, close: () => store.close() };
}
