import type { QueryResult, SqlClient } from '@shipping/event-store';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

interface Reply {
  id: number;
  result?: QueryResult<never>;
  error?: { message: string; code?: string };
}

/**
 * An in-memory PostgreSQL (PGlite) behind the SqlClient surface, for specs. PGlite runs in a
 * worker thread (see pglite-worker.js); statements run one at a time there, as in PGlite itself.
 */
export async function createPgliteSqlClient(): Promise<SqlClient> {
  const worker = new Worker(join(__dirname, 'pglite-worker.js'));
  // A spec that fails before closing its client must not keep Jest from exiting.
  worker.unref();
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (!waiting) return;
    if (reply.error)
      waiting.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
    else waiting.resolve(reply);
  });
  worker.on('error', (error) => pending.forEach(({ reject }) => reject(error)));

  const send = (op: 'query' | 'exec' | 'close', sql?: string, params?: unknown[]) =>
    new Promise<Reply>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, sql, params });
    });

  const client: SqlClient = {
    async query<R>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
      return (await send('query', sql, params)).result as QueryResult<R>;
    },
    async exec(sql: string): Promise<void> {
      await send('exec', sql);
    },
    async transaction() {
      throw new Error('The test SqlClient has no transactions');
    },
    async close(): Promise<void> {
      await send('close');
      await worker.terminate();
    },
  };
  await client.query('select 1');
  return client;
}
