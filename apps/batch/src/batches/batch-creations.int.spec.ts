import { type BatchEvent, batchStreamName, type CreateBatch } from '@shipping/batch-domain';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type EventStore, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { maximalBatchShipment, type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { BatchCreations } from './batch-creations';
import { loadBatch } from './batch-stream';

const ITEMS = 300;
const backends = sqlBackends<SqlClient>('batch_creations', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url),
});

const command = (batchId: string): CreateBatch => ({
  type: 'CreateBatch',
  batchId,
  accountId: 'acct_acme',
  shipperId: 1,
  shipperHashId: 'shp1',
  shipper: { carrier: 'usps', integration: 'own' as const },
  keyMode: 'test' as const,
  service: 'USPS-1',
  items: Array.from({ length: ITEMS }, (_, index) => ({
    item_id: `${batchId}-${index}`,
    index,
    shipment: maximalBatchShipment(index),
  })),
  now: new Date().toISOString(),
});

/** A large batch's creation (several appends) cut short by a crash is finished by the sweep. */
describe.each(backends)('batch creations on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;

  // One database for the file: each spec creates batches of its own and leaves no creation behind.
  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql);
    await store.init();
  });

  afterEach(async () => {
    await sql.query('delete from batch_creations');
  });

  afterAll(() => db.close());

  /** The batch app, stopped dead after `appends` appends. */
  const dyingAfter = (appends: number) => {
    const dying = Object.create(store) as EventStore;
    dying.appendToStream = async (...args) => {
      if (appends-- <= 0) throw new Error('the process died');
      return store.appendToStream(...args);
    };
    return dying;
  };
  const creations = async (on: EventStore, client = sql) => {
    const created = new BatchCreations(on, client, { finishAfterMs: 0 });
    await created.onModuleInit();
    return created;
  };
  const eventsOf = async (batchId: string) =>
    (await store.readStream(batchStreamName(batchId))) as unknown as BatchEvent[];

  it('finishes a creation cut short between two appends: every item once, then validated as usual', async () => {
    const cutShort = await creations(dyingAfter(1));
    await expect(cutShort.create(command('b1'), { correlationId: 'c1' })).rejects.toThrow('the process died');
    expect((await loadBatch(store, 'b1')).status).toBe('creating');
    expect(await eventsOf('b1')).toHaveLength(1);

    expect(await (await creations(store)).sweep()).toBe(1);
    const state = await loadBatch(store, 'b1');
    expect(state.status).toBe('validating');
    const events = await eventsOf('b1');
    expect(events.length).toBeGreaterThan(1);
    const itemIds = events.flatMap((event) =>
      event.type === 'BatchCreated' || event.type === 'BatchItemsAdded'
        ? event.data.items.map((one) => one.item_id)
        : [],
    );
    expect(itemIds).toEqual(command('b1').items.map((one) => one.item_id));
    expect((await sql.query('select * from batch_creations')).rows).toHaveLength(0);
    expect(await (await creations(store)).sweep()).toBe(0);
  }, 60_000);

  it('drops a creation that died before its first append, creating nothing', async () => {
    const dead = await creations(dyingAfter(0));
    await expect(dead.create(command('b2'), { correlationId: 'c2' })).rejects.toThrow('the process died');
    expect(await (await creations(store)).sweep()).toBe(1);
    expect(await eventsOf('b2')).toEqual([]);
    expect((await sql.query('select * from batch_creations')).rows).toHaveLength(0);
  }, 60_000);

  it('leaves a creation alone while it may still be running', async () => {
    const cutShort = await creations(dyingAfter(1));
    await expect(cutShort.create(command('b3'), { correlationId: 'c3' })).rejects.toThrow();
    const patient = new BatchCreations(store, sql, { finishAfterMs: 60_000 });
    expect(await patient.sweep()).toBe(0);
    expect((await loadBatch(store, 'b3')).status).toBe('creating');
  }, 60_000);

  if (backend.concurrent)
    it('two sweepers on separate pools finish a creation once between them', async () => {
      const cutShort = await creations(dyingAfter(1));
      await expect(cutShort.create(command('b4'), { correlationId: 'c4' })).rejects.toThrow();
      const other = db.client();
      const otherStore = new PostgresEventStore(other);
      const swept = await Promise.all([
        (await creations(store)).sweep(),
        (await creations(otherStore, other)).sweep(),
      ]);
      expect(swept.sort()).toEqual([0, 1]);
      expect((await loadBatch(store, 'b4')).status).toBe('validating');
    }, 60_000);
});
