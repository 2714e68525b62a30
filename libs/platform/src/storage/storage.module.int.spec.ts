import { Test } from '@nestjs/testing';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  adapterOf,
  type EventStore,
  type EventUpcaster,
  type SqlClient,
  type Upcasters,
} from '@shipping/event-store';
import { EventStoreDbEventStore } from '@shipping/event-store/eventstoredb';
import {
  createTestDatabase,
  startTestEventStoreDbServer,
  type TestDatabase,
  type TestEventStoreDbServer,
} from '@shipping/testing';
import { validateConfig } from '../config/validate-config';
import { StorageConfig } from '../config/storage-config';
import { EVENT_STORE, SQL_CLIENT } from '../tokens';
import { EVENT_UPCASTERS } from './event-upcasters';
import { StorageModule } from './storage.module';

describe('StorageModule with EVENT_STORE=eventstoredb', () => {
  let server: TestEventStoreDbServer;
  let database: TestDatabase;

  beforeAll(async () => {
    server = await startTestEventStoreDbServer();
    database = await createTestDatabase('storage_module');
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  it('appends through EventStoreDB, keeps SQL for read models, and closes both on shutdown', async () => {
    const config = validateConfig(StorageConfig, {
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: server.connectionString,
      STORE: 'postgres',
      DATABASE_URL: database.url,
    });
    const app = await Test.createTestingModule({ imports: [StorageModule.forRoot(config, [])] }).compile();
    await app.init();
    const store = app.get<EventStore>(EVENT_STORE);
    const sql = app.get<SqlClient>(SQL_CLIENT);

    expect(adapterOf(store)).toBeInstanceOf(EventStoreDbEventStore);
    await store.appendToStream('batch-1', [{ type: 'BatchCreated', data: { items: 1 } }], {
      expectedRevision: 'no_stream',
    });
    expect(server.log.stream('batch-1')?.map((event) => event.type)).toEqual(['BatchCreated']);
    expect((await sql.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);

    await app.close();
    await expect(store.readStream('batch-1')).rejects.toThrow('closed');
    await expect(sql.query('select 1')).rejects.toThrow();
  }, 30_000);
});

describe('StorageModule with the upcasters the apps of its process register', () => {
  let dataDir: string;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'storage-upcasters-'));
  });

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('reads an event stored in an older version in the latest one they know, and gives them to the feeds', async () => {
    const named: EventUpcaster = {
      type: 'ThingHappened',
      fromVersion: 1,
      upcast: (data) => ({ ...(data as object), name: 'thing' }),
    };
    const config = validateConfig(StorageConfig, { STORE: 'pglite', DATA_DIR: dataDir });
    const app = await Test.createTestingModule({
      imports: [StorageModule.forRoot(config, [named])],
    }).compile();
    await app.init();
    try {
      const store = app.get<EventStore>(EVENT_STORE);
      await adapterOf(store).appendToStream('thing-1', [
        { type: 'ThingHappened', version: 1, data: { n: 1 } },
      ]);
      await store.appendToStream('thing-1', [{ type: 'ThingHappened', data: { n: 2, name: 'new' } }]);

      const read = await store.readStream('thing-1');
      expect(read.map(({ version, data }) => ({ version, data }))).toEqual([
        { version: 2, data: { n: 1, name: 'thing' } },
        { version: 2, data: { n: 2, name: 'new' } },
      ]);
      expect(app.get<Upcasters>(EVENT_UPCASTERS).latestVersion('ThingHappened')).toBe(2);
    } finally {
      await app.close();
    }
  }, 60_000);
});
