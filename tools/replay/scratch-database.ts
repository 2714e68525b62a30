import { randomBytes } from 'node:crypto';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import type { ReplaySource } from './replay-store';

export interface ScratchDatabase {
  sql: SqlClient;
  /** Where the rebuilt read models are, for the report. */
  name: string;
  /** Removes the scratch copy (unless kept) and closes its connections. */
  close(keep?: boolean): Promise<void>;
}

/**
 * Somewhere empty to rebuild into. On PostgreSQL a new schema of the live database, reached through
 * its own pool whose search_path is that schema, so the apps' unqualified SQL lands there; commits
 * need not wait for the disk, since a lost scratch copy is simply rebuilt. On PGlite (one process
 * per data folder) a second, in-memory PGlite.
 */
export async function openScratchDatabase(source: ReplaySource): Promise<ScratchDatabase> {
  if (source.config.STORE !== 'postgres') {
    const sql = await createPgliteSqlClient();
    return { sql, name: 'an in-memory PGlite database', close: () => sql.close() };
  }
  const schema = `replay_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  await source.sql.exec(`create schema ${schema}`);
  const sql = createPgSqlClient(source.config.DATABASE_URL as string, {
    options: `-c search_path=${schema} -c synchronous_commit=off`,
  });
  return {
    sql,
    name: `schema ${schema}`,
    close: async (keep = false) => {
      await sql.close();
      if (!keep) await source.sql.exec(`drop schema ${schema} cascade`);
    },
  };
}
