import { Pool, type PoolClient, type PoolConfig, type QueryConfig } from 'pg';
import type { QueryOptions, QueryResult, SqlClient } from '../sql-client';
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

  async query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>> {
    return toResult<R>(await this.pool.query(queryConfig(sql, params, options)));
  }

  async exec(sql: string): Promise<void> {
    await this.pool.query(sql);
  }

  async transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    const connection = await this.pool.connect();
    const broken = { error: undefined as Error | undefined };
    // The pool stops listening to a connection it lends. A backend terminated in the transaction
    // fails the statement, then the connection's end is emitted as an error nobody would hear and
    // that would end the process; the rollback fails instead and the connection is destroyed.
    const unheard = () => undefined;
    connection.on('error', unheard);
    try {
      return await inTransaction(connection, work, broken);
    } finally {
      connection.removeListener('error', unheard);
      // A connection whose rollback failed is in an unknown state: destroy it, never reuse it.
      connection.release(broken.error);
    }
  }

  async session<T>(work: (session: SqlClient) => Promise<T>): Promise<T> {
    const connection = await this.pool.connect();
    // A connection the server ends while it is held and idle (a restart, a terminated backend) emits
    // an error that nobody would hear and that would end the process; the next query fails instead.
    connection.on('error', () => undefined);
    try {
      return await work(new PgSessionClient(connection));
    } finally {
      // Destroyed, not returned to the pool: session locks and settings go with it.
      connection.release(true);
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}

/** One connection of the pool, held by a session or a transaction until it is released. */
abstract class PgHeldConnection implements SqlClient {
  constructor(protected readonly connection: PoolClient) {}

  async query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>> {
    return toResult<R>(await this.connection.query(queryConfig(sql, params, options)));
  }

  async exec(sql: string): Promise<void> {
    await this.connection.query(sql);
  }

  abstract transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;

  session<T>(work: (session: SqlClient) => Promise<T>): Promise<T> {
    return work(this);
  }

  async close(): Promise<void> {
    throw new Error('A held connection is released by its session or transaction, not by close()');
  }
}

/** The connection of a session, outside any transaction (see SqlClient.session). */
class PgSessionClient extends PgHeldConnection {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return inTransaction(this.connection, work, { error: undefined });
  }
}

/** The connection of a transaction: a nested transaction is a savepoint. */
class PgTransactionClient extends PgHeldConnection {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T> {
    return withSavepoint(this, work);
  }
}

/** begin, work, commit; rolled back when work throws, and `broken` told when even that fails. */
async function inTransaction<T>(
  connection: PoolClient,
  work: (tx: SqlClient) => Promise<T>,
  broken: { error: Error | undefined },
): Promise<T> {
  await connection.query('begin');
  try {
    const result = await work(new PgTransactionClient(connection));
    await connection.query('commit');
    return result;
  } catch (error) {
    await connection.query('rollback').catch((rollbackError: Error) => {
      broken.error = rollbackError;
    });
    throw error;
  }
}

function queryConfig(
  sql: string,
  params: unknown[] | undefined,
  options: QueryOptions | undefined,
): QueryConfig {
  return { text: sql, values: params, name: options?.name };
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
