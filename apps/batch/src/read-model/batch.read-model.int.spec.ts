import { type BatchEvent, batchStreamName } from '@shipping/batch-domain';
import { BATCH_NOT_FOUND_MESSAGE, NotFound } from '@shipping/contracts';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { BatchAsOf } from './batch-as-of';
import { BatchList } from './batch-list';
import { BatchReadModel } from './batch.read-model';
import { batchLife } from './batch-events.fixture';
import { BATCH_MIGRATIONS } from '../batch.migrations';

const BATCH = 'b-read';
const ACCOUNT = 'acct_reader';
const TENANT = { accountId: ACCOUNT, mode: 'test' as const };
const LIVE = { accountId: ACCOUNT, mode: 'live' as const };
const { itemIds, created, validated, ready, shipped, completed } = batchLife(BATCH, ACCOUNT);

describe('get-batch read model on PGlite, the database of this process alone', () => {
  let sql: SqlClient;
  let store: PostgresEventStore;
  let readModel: BatchReadModel;
  const page = () => readModel.get(TENANT, { batch_id: BATCH, page: 1, per_page: 10 });
  const append = async (...events: BatchEvent[]) => {
    await store.appendToStream(batchStreamName(BATCH), events);
    await readModel.catchUp(BATCH);
  };

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, BATCH_MIGRATIONS);
    readModel = new BatchReadModel(sql, store);
    await append(created, ...validated, ready);
  }, 60_000);

  afterAll(() => store?.close());

  it('answers repeated reads of an unchanged batch from memory, without a query', async () => {
    await page();
    const query = jest.spyOn(sql, 'query');
    const again = await page();
    expect(query).not.toHaveBeenCalled();
    query.mockRestore();
    expect(again.batch.status).toBe('ready');
    expect(Object.isFrozen(again.items[0])).toBe(true);
  });

  it('answers Batch not found. to another account, also once the batch is cached', async () => {
    await page();
    await expect(
      readModel.get({ accountId: 'acct_other', mode: 'test' }, { batch_id: BATCH, page: 1, per_page: 10 }),
    ).rejects.toEqual(new NotFound(BATCH_NOT_FOUND_MESSAGE));
  });

  it('answers Batch not found. to a key of the other mode, lists each mode its own batches, and marks every row', async () => {
    await page();
    await expect(readModel.get(LIVE, { batch_id: BATCH, page: 1, per_page: 10 })).rejects.toEqual(
      new NotFound(BATCH_NOT_FOUND_MESSAGE),
    );
    const liveBatch = 'b-live';
    const live = batchLife(liveBatch, ACCOUNT, 2, 'live');
    await store.appendToStream(batchStreamName(liveBatch), [live.created, ...live.validated, live.ready]);
    await readModel.catchUp(liveBatch);

    const get = (tenant: typeof TENANT | typeof LIVE) =>
      readModel.get(tenant, { batch_id: liveBatch, page: 1, per_page: 10 });
    expect((await get(LIVE)).items).toHaveLength(2);
    await expect(get(TENANT)).rejects.toEqual(new NotFound(BATCH_NOT_FOUND_MESSAGE));
    const listed = async (tenant: typeof TENANT | typeof LIVE) =>
      (await new BatchList(sql).list(tenant, { page: 1, per_page: 10 })).map((entry) => entry.id);
    expect(await listed(LIVE)).toEqual([liveBatch]);
    expect(await listed(TENANT)).toContain(BATCH);
    expect(await listed(TENANT)).not.toContain(liveBatch);
    const { rows } = await sql.query<{ mode: string; rows: string | number }>(
      `select mode, count(*) as rows from batch_items_view where batch_id = $1 group by mode`,
      [liveBatch],
    );
    expect(rows.map((row) => [row.mode, Number(row.rows)])).toEqual([['live', 2]]);
  });

  it('never serves an item status older than the events caught up with while the batch is processing', async () => {
    await page();
    await append(shipped);
    expect((await page()).batch.status).toBe('processing');

    for (const index of [0, 1]) {
      await append(completed(index));
      const current = await page();
      expect(current.items.filter((item) => item.status === 'completed').map((item) => item.id)).toEqual(
        itemIds.slice(0, index + 1),
      );
      expect(current.batch.results.completed_count).toBe(index + 1);
    }
  });

  it('tells the stream revision its page reflects, and a new one once the batch moves on', async () => {
    const lastRevision = async () =>
      String((await store.readStream(batchStreamName(BATCH))).at(-1)?.revision);
    const before = await page();
    expect(before.revision).toBe(await lastRevision());
    await append(completed(2));
    const after = await page();
    expect(after.revision).toBe(await lastRevision());
    expect(after.revision).not.toBe(before.revision);
  });

  it('keeps a batch whose items are not all recorded from readers, and shows it once they are', async () => {
    const large = 'b-large';
    const item = (index: number) => ({ item_id: `large-${index}`, index, shipment: {} });
    const appendLarge = async (event: BatchEvent) => {
      await store.appendToStream(batchStreamName(large), [event]);
      await readModel.catchUp(large);
    };
    const list = () => new BatchList(sql).list(TENANT, { page: 1, per_page: 10 });
    await appendLarge({
      type: 'BatchCreated',
      data: { ...created.data, batch_id: large, item_count: 3, items: [item(0), item(1)] } as never,
    });

    await expect(readModel.get(TENANT, { batch_id: large, page: 1, per_page: 10 })).rejects.toEqual(
      new NotFound(BATCH_NOT_FOUND_MESSAGE),
    );
    expect((await list()).map((entry) => entry.id)).not.toContain(large);

    await appendLarge({
      type: 'BatchItemsAdded',
      data: { batch_id: large, items: [item(2)], submitted_count: 3 },
    });
    const shown = await readModel.get(TENANT, { batch_id: large, page: 1, per_page: 10 });
    expect(shown.batch).toMatchObject({ status: 'validating', results: { total_count: 3 } });
    expect((await list()).map((entry) => entry.id)).toContain(large);
  });
});

describe('get-batch read model on two batch app instances over one PostgreSQL database', () => {
  const batchId = 'b-instances';
  const life = batchLife(batchId, ACCOUNT);
  let database: TestDatabase;
  let a: Awaited<ReturnType<typeof instance>>;
  let b: Awaited<ReturnType<typeof instance>>;

  /** One instance of the batch app as far as the read model goes: its own pool, store and caches. */
  async function instance() {
    const sql = createPgSqlClient(database.url, { max: 2 });
    const store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, BATCH_MIGRATIONS);
    const readModel = new BatchReadModel(sql, store);
    return {
      sql,
      store,
      /** A command on this instance: it appends, then brings the read model up to date before it answers. */
      write: async (...events: BatchEvent[]) => {
        await store.appendToStream(batchStreamName(batchId), events);
        await readModel.catchUp(batchId);
      },
      page: () => readModel.get(TENANT, { batch_id: batchId, page: 1, per_page: 10 }),
    };
  }

  beforeAll(async () => {
    database = await createTestDatabase('batch_read_instances');
    a = await instance();
    b = await instance();
    await a.write(life.created, ...life.validated, life.ready);
  }, 60_000);

  afterAll(async () => {
    await a?.store.close();
    await b?.store.close();
    await database?.drop();
  });

  it('answers repeated reads of an unchanged batch from memory after one look at its stored revision', async () => {
    await b.page();
    const query = jest.spyOn(b.sql, 'query');
    const again = await b.page();
    expect(query).toHaveBeenCalledTimes(1);
    expect(query.mock.calls[0][0]).toMatch(/from batch_view where batch_id = \$1/);
    query.mockRestore();
    expect(again.batch.status).toBe('ready');
  });

  it('shows a change caught up on one instance at the very next read on the other', async () => {
    // Read twice: B keeps the summary and the page.
    expect((await b.page()).batch.status).toBe('ready');
    expect((await b.page()).batch.status).toBe('ready');

    await a.write(life.shipped);
    expect((await b.page()).batch.status).toBe('processing');

    for (const index of [0, 1, 2]) {
      await a.write(life.completed(index));
      const seen = await b.page();
      expect(seen.items.filter((item) => item.status === 'completed').map((item) => item.id)).toEqual(
        life.itemIds.slice(0, index + 1),
      );
      expect(seen.batch.results.completed_count).toBe(index + 1);
    }
  });
});

describe('get-batch read model while another instance writes between its summary and its items', () => {
  const batchId = 'b-interleaved';
  const life = batchLife(batchId, ACCOUNT);
  const page = { batch_id: batchId, page: 1, per_page: 10, status: 'valid' as const };
  let database: TestDatabase;
  let reader: SqlClient;
  let writer: SqlClient;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('batch_read_interleaved');
    writer = createPgSqlClient(database.url, { max: 2 });
    reader = createPgSqlClient(database.url, { max: 2 });
    store = new PostgresEventStore(writer);
    await store.init();
    await migrate(writer, BATCH_MIGRATIONS);
    await store.appendToStream(batchStreamName(batchId), [
      life.created,
      ...life.validated,
      life.ready,
      life.shipped,
    ]);
    await new BatchReadModel(writer, store).catchUp(batchId);
  }, 60_000);

  afterAll(async () => {
    await reader?.close();
    await store?.close();
    await database?.drop();
  });

  it('never answers a revision with items of a later one', async () => {
    const readModel = new BatchReadModel(reader, store);
    const writing = new BatchReadModel(writer, store);
    const query = reader.query.bind(reader);
    let wrote = false;
    // The other instance completes an item after this one read the summary, before it reads the items.
    jest.spyOn(reader, 'query').mockImplementation(async (text, params) => {
      if (!wrote && /batch_items_view/.test(text)) {
        wrote = true;
        await store.appendToStream(batchStreamName(batchId), [life.completed(0)]);
        await writing.catchUp(batchId);
      }
      return query(text, params);
    });
    const answered = await readModel.get(TENANT, page);
    expect(wrote).toBe(true);
    const asOf = await new BatchAsOf(store).get(TENANT, { ...page, as_of: { revision: answered.revision } });
    expect(answered).toEqual(asOf);
    expect(answered.items.map((item) => item.id)).toEqual(life.itemIds.slice(1));
  });
});
