import { EMBEDDED_APP_EVENTS } from '@shipping/embedded-app';
import { type EventStore, PostgresEventStore, type SqlClient, Upcasters } from '@shipping/event-store';
import { StorageConfig, validateConfig } from '@shipping/platform/config';
import { openEventStore, openSqlClient } from '@shipping/platform/storage';

export interface ReplaySource {
  config: StorageConfig;
  sql: SqlClient;
  /** The events, read the way the apps read them: upcast to their latest versions (every app's upcasters). */
  store: EventStore;
  close(): Promise<void>;
}

/**
 * The live database: PostgreSQL at DATABASE_URL, or else the embedded PGlite store in DATA_DIR;
 * the events in EventStoreDB at ESDB_URL when EVENT_STORE=eventstoredb. `asStored`: the adapter
 * alone, the PostgreSQL store opened without its start-up migration and back-fill.
 */
export async function openReplaySource(
  env: NodeJS.ProcessEnv = process.env,
  options: { asStored?: boolean } = {},
): Promise<ReplaySource> {
  const config = validateConfig(StorageConfig, {
    STORE: env['DATABASE_URL'] ? 'postgres' : 'pglite',
    DATA_DIR: env['DATA_DIR'] ?? './data',
    ...(env['DATABASE_URL'] ? { DATABASE_URL: env['DATABASE_URL'] } : {}),
    ...(env['EVENT_STORE'] ? { EVENT_STORE: env['EVENT_STORE'] } : {}),
    ...(env['ESDB_URL'] ? { ESDB_URL: env['ESDB_URL'] } : {}),
  });
  const sql = await openSqlClient(config);
  // As stored: neither migrated nor back-filled, so an audit sees events without a hash as they are.
  const store =
    options.asStored && config.EVENT_STORE === 'postgres'
      ? new PostgresEventStore(sql)
      : await openEventStore(config, sql, new Upcasters(EMBEDDED_APP_EVENTS.upcasters));
  // The PostgreSQL adapter owns the SQL client: closing the store closes both.
  const close = async () => {
    await store.close();
    if (config.EVENT_STORE === 'eventstoredb') await sql.close();
  };
  return { config, sql, store, close };
}
