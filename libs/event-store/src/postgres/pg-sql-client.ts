import { Pool, type PoolClient, type PoolConfig } from 'pg';
import type { QueryResult, SqlClient } from '../sql-client';
import { builtinTypeParsers } from './pg-type-parsers';
import { withSavepoint } from './savepoint';

/** A PostgreSQL server through a `pg` connection pool. */
export class PgSqlClient implements SqlClient {
  private readonly pool: Pool;

  constructor(config: PoolConfig) {
    this.pool = new Pool({ types: builtinTypeParsers, ...config });
    // An idle connection the server drops (restart, terminated backend) is discarded by the
    // pool and replaced on the next query; without a listener the event would crash the process.
    this.pool.on('error', () => undefined);
  }

  async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return toResult<R>(await this.pool.query(sql, params));
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    const connection = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await connection.query('begin');
      try {
        const result = await work(new PgTransactionClient(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch((rollbackError: Error) => {
          broken = rollbackError;
        });
        throw error;
      }
    } finally {
      // A connection whose rollback failed is in an unknown state: destroy it, never reuse it.
      connection.release(broken);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

class PgTransactionClient implements SqlClient {
  constructor(private readonly connection: PoolClient) {}

  async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>> {
    return toResult<R>(await this.connection.query(sql, params));
  }

  async exec(sql: string): Promise<void> {
    await this.connection.query(sql);
  }

  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return withSavepoint(this, work);
  }

  async close(): Promise<void> {
    throw new Error('A transaction client is closed by its transaction, not by close()');
  }
}

function toResult<R>(result: { rows: unknown[]; rowCount: number | null }): QueryResult<R> {
  return { rows: result.rows as R[], rowCount: result.rowCount ?? result.rows.length };
}

export function createPgSqlClient(
  connectionString: string,
  options: Omit<PoolConfig, 'connectionString'> = {},
): SqlClient {
  return new PgSqlClient({ ...options, connectionString });
}
