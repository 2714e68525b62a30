import { type BatchEvent, batchStreamName } from '@shipping/batch-domain';
import { BATCH_NOT_FOUND_MESSAGE, NotFound } from '@shipping/contracts';
import { createPgliteSqlClient, migrate, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { BatchList } from './batch-list';
import { BatchReadModel } from './batch.read-model';
import { BATCH_MIGRATIONS } from '../batch.migrations';

const BATCH = 'b-read';
const ACCOUNT = 'acct_reader';
const itemIds = ['i-0', 'i-1', 'i-2'];

const created: BatchEvent = {
  type: 'BatchCreated',
  data: {
    batch_id: BATCH,
    account_id: ACCOUNT,
    shipper_id: 1,
    shipper_hash_id: 'shipper-1',
    service: 'USPS-1',
    item_count: itemIds.length,
    items: itemIds.map((item_id, index) => ({ item_id, index, shipment: {} })),
    at: '2026-11-21T10:00:00.000Z',
  },
};
const validated = itemIds.map((item_id, index): BatchEvent => ({
  type: 'ItemValidated',
  data: { batch_id: BATCH, item_id, index, price_cents: 500, shipment: {} },
}));
const ready: BatchEvent = {
  type: 'BatchValidated',
  data: {
    batch_id: BATCH,
    status: 'ready',
    valid_count: 3,
    invalid_count: 0,
    at: '2026-11-21T10:00:01.000Z',
  },
};
const shipped: BatchEvent = {
  type: 'BatchShipped',
  data: {
    batch_id: BATCH,
    account_id: ACCOUNT,
    charged_cents: 1500,
    item_ids: itemIds,
    at: '2026-11-21T10:00:02.000Z',
  },
};
const completed = (index: number): BatchEvent => ({
  type: 'ItemCompleted',
  data: {
    batch_id: BATCH,
    item_id: itemIds[index],
    index,
    tracking_number: `9400${index}`,
    label_key: `label-${index}`,
    price_cents: 500,
  },
});

describe('get-batch read model', () => {
  let sql: SqlClient;
  let store: PostgresEventStore;
  let readModel: BatchReadModel;
  const page = () => readModel.get(ACCOUNT, { batch_id: BATCH, page: 1, per_page: 10 });
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
    await expect(readModel.get('acct_other', { batch_id: BATCH, page: 1, per_page: 10 })).rejects.toEqual(
      new NotFound(BATCH_NOT_FOUND_MESSAGE),
    );
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

  it('drops its cached page when catching up finds the rows already written by another process', async () => {
    await page();
    const otherProcess = new BatchReadModel(sql, store);
    await store.appendToStream(batchStreamName(BATCH), [completed(2)]);
    await otherProcess.catchUp(BATCH);

    await readModel.catchUp(BATCH);

    expect((await page()).items.find((item) => item.id === 'i-2')?.status).toBe('completed');
  });

  it('keeps a batch whose items are not all recorded from readers, and shows it once they are', async () => {
    const large = 'b-large';
    const item = (index: number) => ({ item_id: `large-${index}`, index, shipment: {} });
    const appendLarge = async (event: BatchEvent) => {
      await store.appendToStream(batchStreamName(large), [event]);
      await readModel.catchUp(large);
    };
    const list = () => new BatchList(sql).list(ACCOUNT, { page: 1, per_page: 10 });
    await appendLarge({
      type: 'BatchCreated',
      data: { ...created.data, batch_id: large, item_count: 3, items: [item(0), item(1)] } as never,
    });

    await expect(readModel.get(ACCOUNT, { batch_id: large, page: 1, per_page: 10 })).rejects.toEqual(
      new NotFound(BATCH_NOT_FOUND_MESSAGE),
    );
    expect((await list()).map((entry) => entry.id)).not.toContain(large);

    await appendLarge({
      type: 'BatchItemsAdded',
      data: { batch_id: large, items: [item(2)], submitted_count: 3 },
    });
    const shown = await readModel.get(ACCOUNT, { batch_id: large, page: 1, per_page: 10 });
    expect(shown.batch).toMatchObject({ status: 'validating', results: { total_count: 3 } });
    expect((await list()).map((entry) => entry.id)).toContain(large);
  });
});
