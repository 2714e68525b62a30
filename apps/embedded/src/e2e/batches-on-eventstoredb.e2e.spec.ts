import { Client } from 'pg';
import { waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  type RuntimeProcess,
  startRuntime,
  startTestEventStoreDbServer,
  type TestDatabase,
  type TestEventStoreDbServer,
  maximalBatchShipment,
  testClient,
  undeliverableBatchShipment,
} from '@shipping/testing';

/**
 * EVENT_STORE=eventstoredb: the runtime keeps its streams in EventStoreDB (the test server, over
 * gRPC, appending through BatchAppend and refusing appends over 1 MiB as EventStoreDB does by
 * default) and only its read models, checkpoints and jobs in PostgreSQL.
 */
describe('a batch on the EventStoreDB event store', () => {
  let server: TestEventStoreDbServer;
  let database: TestDatabase;
  let runtime: RuntimeProcess | undefined;

  beforeAll(async () => {
    server = await startTestEventStoreDbServer();
    database = await createTestDatabase('batch_esdb_e2e');
    runtime = await startRuntime({
      env: {
        EVENT_STORE: 'eventstoredb',
        ESDB_URL: server.connectionString,
        STORE: 'postgres',
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_MINUTE: '0',
      },
    });
  }, 90_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
    await server?.stop();
  });

  it('is validated, shipped and completed with its events in EventStoreDB, none in PostgreSQL', async () => {
    const acme = testClient(runtime?.baseUrl ?? '', 'sk_test_acme');
    const created = await acme.POST('/batches', {
      body: {
        shipper_id: 1,
        service: 'USPS-1',
        batch_shipments: [batchShipment(0), undeliverableBatchShipment(1)],
      },
    });
    expect(created.response.status).toBe(201);
    const batchId = created.data!.data.id;

    await waitForBatchStatus(acme, batchId, ['ready']);
    const shipped = await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
    expect(shipped.response.status).toBe(200);
    const completed = await waitForBatchStatus(acme, batchId, ['completed']);
    expect(completed.results).toMatchObject({ total_count: 2, completed_count: 1, failed_count: 1 });

    const types = server.log
      .all()
      .filter((event) => event.streamName.startsWith('batch-'))
      .map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining(['BatchCreated', 'BatchValidated', 'BatchShipped', 'BatchCompleted']),
    );
    expect(server.log.all().some((event) => event.streamName.startsWith('ledger-'))).toBe(true);
    const db = new Client({ connectionString: database.url });
    await db.connect();
    try {
      const { rows } = await db.query(`select to_regclass('event_store.events') as events_table`);
      expect(rows[0].events_table).toBeNull();
    } finally {
      await db.end();
    }
  }, 120_000);

  it('takes a 1,000-item batch of maximal shipments from create to completed, every append within the limit', async () => {
    const acme = testClient(runtime?.baseUrl ?? '', 'sk_test_acme');
    const shipments = Array.from({ length: 1_000 }, (_, index) => maximalBatchShipment(index));
    expect(Buffer.byteLength(JSON.stringify(shipments))).toBeGreaterThan(4_000_000);
    const created = await acme.POST('/batches', {
      body: { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments },
    });
    expect(created.response.status).toBe(201);
    const batchId = created.data!.data.id;

    const ready = await waitForBatchStatus(acme, batchId, ['ready', 'invalid'], { timeoutMs: 180_000 });
    expect(ready).toMatchObject({ status: 'ready', results: { total_count: 1_000, valid_count: 1_000 } });
    const shipped = await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
    expect(shipped.response.status).toBe(200);
    const completed = await waitForBatchStatus(acme, batchId, ['completed'], { timeoutMs: 240_000 });
    expect(completed.results).toMatchObject({ total_count: 1_000, completed_count: 1_000, failed_count: 0 });

    const stream = server.log.stream(`batch-${batchId}`) ?? [];
    const count = (type: string) => stream.filter((event) => event.type === type).length;
    expect(count('BatchItemsAdded')).toBeGreaterThanOrEqual(7);
    expect([count('ItemValidated'), count('ItemCompleted'), count('BatchValidated')]).toEqual([
      1_000, 1_000, 1,
    ]);
    const charges = server.log
      .all()
      .filter(
        (event) => event.type === 'BatchCharged' && Buffer.from(event.data).toString().includes(batchId),
      );
    expect(charges).toHaveLength(1);
  }, 600_000);
});
