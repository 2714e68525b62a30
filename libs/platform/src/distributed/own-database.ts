import { migrate } from '@shipping/event-store';
import { ConfigurationError } from '../config/validate-config';
import type { StorageConfig } from '../config/storage-config';
import { APP_OWNER_MIGRATIONS, OWNER_TABLE } from './app-owner.migrations';

/**
 * Every app keeps its tables and event streams in a database of its own; two apps on one database
 * would read each other's events as their own. The first app to start on a database records its
 * name there, and any other app is refused at start with the variable to fix.
 */
export async function claimOwnDatabase(app: string, config: StorageConfig): Promise<void> {
  if (config.STORE !== 'postgres' || !config.DATABASE_URL) return;
  const { createPgSqlClient } = await import('@shipping/event-store/postgres');
  const sql = createPgSqlClient(config.DATABASE_URL, { max: 1, connectionTimeoutMillis: 10_000 });
  try {
    await migrate(sql, APP_OWNER_MIGRATIONS);
    await sql.query(`insert into ${OWNER_TABLE} (app) values ($1) on conflict do nothing`, [app]);
    const { rows } = await sql.query<{ app: string }>(`select app from ${OWNER_TABLE}`);
    const owner = rows[0]?.app;
    if (owner !== app) {
      throw new ConfigurationError([
        `DATABASE_URL: this database holds the ${owner} app's data; the ${app} app needs a database of its own`,
      ]);
    }
  } catch (error) {
    if (error instanceof ConfigurationError) throw error;
    throw new ConfigurationError([
      `DATABASE_URL: the ${app} app cannot use its database (${error instanceof Error ? error.message : String(error)})`,
    ]);
  } finally {
    await sql.close();
  }
}
