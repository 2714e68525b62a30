import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Upcasters } from '@shipping/event-store';
import type { StorageConfig } from '../config/storage-config';

const DRIVERS = {
  pg: '/node_modules/pg/',
  pglite: '/node_modules/@electric-sql/pglite/',
  eventstoredb: '/node_modules/@eventstore/db-client/',
};
type Driver = keyof typeof DRIVERS;

/** The drivers in a fresh module registry after the storage module opened the configured store. */
async function driversLoadedOpening(config: Partial<StorageConfig>): Promise<Driver[]> {
  let loaded: Driver[] = [];
  await jest.isolateModulesAsync(async () => {
    const storage = require('./storage.module') as typeof import('./storage.module');
    const full = { STORE: 'pglite', EVENT_STORE: 'postgres', DATA_DIR: './data', ...config } as StorageConfig;
    const sql = await storage.openSqlClient(full);
    const store = await storage.openEventStore(full, sql, new Upcasters());
    const files = Object.keys(require.cache);
    loaded = (Object.keys(DRIVERS) as Driver[]).filter((driver) =>
      files.some((file) => file.includes(DRIVERS[driver])),
    );
    await store.close();
    if (config.EVENT_STORE === 'eventstoredb') await sql.close();
  });
  return loaded;
}

describe('the storage module loads only the configured driver', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'storage-drivers-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('loads no driver when every piece of the platform library is imported', () => {
    const { exports: pieces } = require('../../package.json') as { exports: Record<string, string> };
    let files: string[] = [];
    jest.isolateModules(() => {
      for (const piece of Object.keys(pieces)) require(`@shipping/platform/${piece.slice(2)}`);
      files = Object.keys(require.cache);
    });
    expect(files.length).toBeGreaterThan(100);
    for (const driver of Object.values(DRIVERS))
      expect(files.filter((file) => file.includes(driver))).toEqual([]);
  });

  it('on PGlite loads PGlite alone', async () => {
    expect(await driversLoadedOpening({ STORE: 'pglite', DATA_DIR: dataDir })).toEqual(['pglite']);
  }, 60_000);

  it('on the PostgreSQL server and EventStoreDB loads their clients alone', async () => {
    // The pool connects at its first query: none is sent, so no server is needed here.
    const loaded = await driversLoadedOpening({
      STORE: 'postgres',
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: 'esdb://127.0.0.1:1?tls=false',
    });
    expect(loaded).toEqual(['pg', 'eventstoredb']);
  }, 60_000);
});
