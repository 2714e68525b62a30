import type { SqlClient } from '../sql-client';

let savepoints = 0;

/**
 * A nested `transaction` on a transaction client is a savepoint, so a failed inner step (a
 * unique violation, say) rolls back only itself and leaves the outer transaction usable.
 */
export async function withSavepoint<T>(tx: SqlClient, work: (tx: SqlClient) => Promise<T>): Promise<T> {
  const name = `sp_${++savepoints}`;
  await tx.query(`savepoint ${name}`);
  try {
    const result = await work(tx);
    await tx.query(`release savepoint ${name}`);
    return result;
  } catch (error) {
    await tx.query(`rollback to savepoint ${name}`);
    throw error;
  }
}
