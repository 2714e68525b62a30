import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { QueryResult, SqlClient } from '../sql-client';
import { copyPgliteTemplate, pgliteTemplate, pgliteTemplateImage } from './pglite-template/pglite-template';
import { withSavepoint } from './savepoint';

/**
 * PostgreSQL compiled to WebAssembly, in this process: one connection, so statements and
 * transactions run one at a time (PGlite queues them).
 */
export class PgliteSqlClient implements SqlClient {
  readonly ownedByThisProcess = true;

  constructor(private readonly db: PGlite) {}

  async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return toResult<R>(await this.db.query<R>(sql, params));
  }

  async exec(sql: string): Promise<void> {
    await this.db.exec(sql);
  }

  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PgliteTransactionClient(tx)));
  }

  /** PGlite has one connection, and one process: it is the session. */
  session<T>(work: (session: SqlClient) => Promise<T>): Promise<T> {
    return work(this);
  }

  close(): Promise<void> {
    return this.db.close();
  }
}

class PgliteTransactionClient implements SqlClient {
  constructor(private readonly tx: Transaction) {}

  async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return toResult<R>(await this.tx.query<R>(sql, params));
  }

  async exec(sql: string): Promise<void> {
    await this.tx.exec(sql);
  }

  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return withSavepoint(this, work);
  }

  session<T>(work: (session: SqlClient) => Promise<T>): Promise<T> {
    return work(this);
  }

  async close(): Promise<void> {
    throw new Error('A transaction client is closed by its transaction, not by close()');
  }
}

function toResult<R>(result: { rows: R[]; rowCount?: number; affectedRows?: number }): QueryResult<R> {
  return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length };
}

/**
 * PostgreSQL's default 128 MB of shared buffers lives inside PGlite's WebAssembly memory, in this
 * process, where half of it is touched as soon as the database opens (about 150 MB of resident
 * memory). The data files are read through the operating system's page cache anyway, so a small
 * buffer pool costs a copy, not a disk read.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * A database in `dataDir`, or in memory when no folder is given. A missing folder (parents too) is
 * created as a copy of the installed PGlite's data template rather than by initdb, whose second
 * PGlite instance would double this process's memory; an in-memory database is loaded from the
 * template's image, a fifth of initdb's CPU. One process at a time: PGlite does not guard a folder
 * against a second process.
 */
export async function createPgliteSqlClient(dataDir?: string): Promise<SqlClient> {
  if (dataDir === undefined)
    return new PgliteSqlClient(
      await PGlite.create({ startParams: PGLITE_START_PARAMS, loadDataDir: await pgliteTemplateImage() }),
    );
  if (!existsSync(dataDir)) await createFromTemplate(dataDir);
  return new PgliteSqlClient(await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS }));
}

async function createFromTemplate(dataDir: string): Promise<void> {
  const template = await pgliteTemplate();
  if (template !== undefined) await copyPgliteTemplate(template, dataDir);
  else await mkdir(dataDir, { recursive: true });
}
