import { Test } from '@nestjs/testing';
import { adapterOf, type EventStore, type SqlClient } from '@shipping/event-store';
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
    const app = await Test.createTestingModule({ imports: [StorageModule.forRoot(config)] }).compile();
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
