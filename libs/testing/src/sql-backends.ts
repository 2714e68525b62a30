import { createTestDatabase } from './test-database';

interface Closable {
  close(): Promise<void>;
}

/** One database for a spec: every `client()` of the server is a pool of its own on it. */
export interface OpenSqlBackend<C extends Closable> {
  /** A client of the database: on the server a new pool (connections of its own), on PGlite the one client. */
  client(): C;
  close(): Promise<void>;
}

export interface SqlBackend<C extends Closable> {
  name: string;
  /** False on PGlite: one connection, so nothing there ever runs at the same time. */
  concurrent: boolean;
  open(): Promise<OpenSqlBackend<C>>;
}

/**
 * The two SQL stores the apps run on, for `describe.each`: in-memory PGlite (one connection) and
 * the PostgreSQL server (a fresh database, pools with several connections), so a spec of a claim
 * or a race also runs where two statements can run at once.
 */
export function sqlBackends<C extends Closable>(
  prefix: string,
  clients: { pglite(): Promise<C>; server(url: string): C },
): SqlBackend<C>[] {
  return [
    {
      name: 'PGlite',
      concurrent: false,
      open: async () => {
        const only = await clients.pglite();
        return { client: () => only, close: () => only.close() };
      },
    },
    {
      name: 'PostgreSQL',
      concurrent: true,
      open: async () => {
        const database = await createTestDatabase(prefix);
        const opened: C[] = [];
        return {
          client: () => {
            const client = clients.server(database.url);
            opened.push(client);
            return client;
          },
          close: async () => {
            await Promise.allSettled(opened.map((client) => client.close()));
            await database.drop();
          },
        };
      },
    },
  ];
}
