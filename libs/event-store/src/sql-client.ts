export interface QueryResult<R> {
  rows: R[];
  rowCount: number;
}

/**
 * `name`: the statement is prepared under this name on each connection the first time it runs
 * there, then only bound and executed: for hot statements whose text never changes under the name.
 * A client without prepared statements runs it as any other.
 */
export interface QueryOptions {
  name?: string;
}

/**
 * The one SQL surface every PostgreSQL-backed store uses, so the same code runs on a server
 * (the `pg` driver) and embedded (PGlite). Parameters are positional ($1, $2, ...).
 */
export interface SqlClient {
  query<R = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<R>>;
  /** Runs several statements (schema set-up); no parameters. */
  exec(sql: string): Promise<void>;
  /** Runs `work` in one transaction on one connection; rolls back if it throws. */
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one connection of its own, outside any transaction, for as long as it runs:
   * what session-level state needs (an advisory lock held by a leader). The connection is closed
   * afterwards, so nothing it held outlives `work`. One-connection clients run it on theirs.
   */
  session<T>(work: (session: SqlClient) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * True where no other process can write this database (PGlite: in this process's memory, or in
   * a folder locked to it), so what this process keeps of the rows it writes needs no look back.
   */
  readonly ownedByThisProcess?: boolean;
}
