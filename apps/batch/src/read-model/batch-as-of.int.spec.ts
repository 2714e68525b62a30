import { type BatchEvent, batchStreamName } from '@shipping/batch-domain';
import {
  BATCH_ITEM_STATUSES,
  BATCH_NOT_FOUND_MESSAGE,
  type BatchPage,
  type GetBatchQuery,
  NotFound,
  ValidationFailed,
} from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { BATCH_MIGRATIONS } from '../batch.migrations';
import { BatchAsOf } from './batch-as-of';
import { batchLife } from './batch-events.fixture';
import { BatchReadModel } from './batch.read-model';

const BATCH = 'b-as-of';
const ACCOUNT = 'acct_as_of';
const TENANT = { accountId: ACCOUNT, mode: 'test' as const };
const life = batchLife(BATCH, ACCOUNT, 5);
const failed = (index: number): BatchEvent => ({
  type: 'ItemFailed',
  data: { batch_id: BATCH, item_id: life.itemIds[index], index, reason: 'refused', refund_cents: 500 },
});
/** Appended one event at a time, so the read model is asked at every revision of the batch. */
const history: BatchEvent[] = [
  life.created,
  ...life.validated.reverse(),
  life.ready,
  life.shipped,
  life.completed(1),
  failed(0),
  life.completed(4),
  life.completed(2),
  life.completed(3),
  {
    type: 'LabelFilesMerged',
    data: {
      batch_id: BATCH,
      files: [{ file: 1, key: `batches/${BATCH}/labels-1.pdf`, item_ids: life.itemIds.slice(1) }],
    },
  },
  {
    type: 'BatchCompleted',
    data: { batch_id: BATCH, completed_count: 4, failed_count: 1, at: '2026-11-21T10:00:09.000Z' },
  },
];

/** Every query a reader may send: pages of two items, each status filter. */
const queries: Omit<GetBatchQuery, 'batch_id'>[] = [undefined, ...BATCH_ITEM_STATUSES].flatMap((status) =>
  [1, 2, 3].map((page) => ({ status, page, per_page: 2 })),
);

describe('get-batch as of a revision, against the read model at that revision, on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let readModel: BatchReadModel;
  let asOf: BatchAsOf;
  /** What the read model answered at each revision, by query. */
  const answered: { revision: bigint; pages: BatchPage[] }[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('batch_as_of');
    sql = createPgSqlClient(database.url, { max: 2 });
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, BATCH_MIGRATIONS);
    readModel = new BatchReadModel(sql, store);
    asOf = new BatchAsOf(store);
    for (const event of history) {
      const { nextExpectedRevision: revision } = await store.appendToStream(batchStreamName(BATCH), [event]);
      await readModel.catchUp(BATCH);
      const pages = await Promise.all(
        queries.map((query) => readModel.get(TENANT, { batch_id: BATCH, ...query })),
      );
      answered.push({ revision, pages });
    }
  }, 60_000);

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('answers every page and filter at every revision as the read model answered it then', async () => {
    expect(answered).toHaveLength(history.length);
    for (const { revision, pages } of answered) {
      const then = await Promise.all(
        queries.map((query) =>
          asOf.get(TENANT, { batch_id: BATCH, ...query, as_of: { revision: revision.toString() } }),
        ),
      );
      expect(then).toEqual(pages);
      expect(then.every((page) => page.revision === revision.toString())).toBe(true);
    }
    expect(answered.at(-1)?.pages[0].batch.status).toBe('completed');
  });

  it('answers a time with the revision the stream had reached then', async () => {
    const events = await store.readStream(batchStreamName(BATCH));
    const shipped = events.find((event) => event.type === 'BatchShipped');
    const time = shipped?.createdAt.toISOString() as string;
    const page = await asOf.get(TENANT, { batch_id: BATCH, page: 1, per_page: 2, as_of: { time } });
    const atTime = events.filter((event) => event.createdAt.getTime() <= Date.parse(time)).at(-1);
    expect(page.revision).toBe(atTime?.revision.toString());
    expect(page).toEqual(answered[Number(atTime?.revision)].pages[0]);
  });

  it('does not find the batch for another tenant or before its first event, and refuses a revision past its end', async () => {
    const notFound = new NotFound(BATCH_NOT_FOUND_MESSAGE);
    const first = { batch_id: BATCH, page: 1, per_page: 2 };
    await expect(
      asOf.get({ ...TENANT, mode: 'live' }, { ...first, as_of: { revision: '3' } }),
    ).rejects.toEqual(notFound);
    await expect(
      asOf.get({ accountId: 'acct_other', mode: 'test' }, { ...first, as_of: { revision: '99' } }),
    ).rejects.toEqual(notFound);
    await expect(asOf.get(TENANT, { ...first, as_of: { time: '2000-01-01T00:00:00.000Z' } })).rejects.toEqual(
      notFound,
    );
    await expect(asOf.get(TENANT, { ...first, as_of: { revision: String(history.length) } })).rejects.toEqual(
      ValidationFailed.field(
        'as_of',
        `The as_of revision is past the end of the stream, whose last revision is ${history.length - 1}.`,
      ),
    );
  });
});
