import { batchStreamName } from '@shipping/batch-domain';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { holdWrites, type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { BATCH_MIGRATIONS } from '../batch.migrations';
import { batchLife } from './batch-events.fixture';
import { foldBatchEvents, writeProjectedBatches } from './batch-projection';
import { BatchReadModel } from './batch.read-model';

const backends = sqlBackends<SqlClient>('batch_projection', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

describe.each(backends)('the get-batch projection on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let batches = 0;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, BATCH_MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  /** A batch created, validated and ready: its revision 4. */
  const aReadyBatch = async () => {
    const batchId = `b-projection-${++batches}`;
    const life = batchLife(batchId, 'acct_projection');
    await store.appendToStream(batchStreamName(batchId), [life.created, ...life.validated, life.ready]);
    return { batchId, life };
  };

  const rows = async (batchId: string) => ({
    revision: (
      await sql.query<{ last_revision: string }>(
        'select last_revision::text as last_revision from batch_view where batch_id = $1',
        [batchId],
      )
    ).rows[0]?.last_revision,
    items: (
      await sql.query<{ status: string }>(
        'select status from batch_items_view where batch_id = $1 order by idx',
        [batchId],
      )
    ).rows.map((row) => row.status),
  });

  it('keeps the rows of the newer fold when an older one is written after it', async () => {
    const { batchId, life } = await aReadyBatch();
    const older = foldBatchEvents(batchId, {}, await store.readStream(batchStreamName(batchId)));
    await store.appendToStream(batchStreamName(batchId), [
      life.shipped,
      life.completed(0),
      life.completed(1),
    ]);
    const newer = foldBatchEvents(batchId, {}, await store.readStream(batchStreamName(batchId)));

    await sql.transaction((tx) => writeProjectedBatches(tx, [newer!]));
    await sql.transaction((tx) => writeProjectedBatches(tx, [older!]));

    expect(await rows(batchId)).toEqual({ revision: '7', items: ['completed', 'completed', 'valid'] });
  });

  if (backend.concurrent)
    it('keeps the rows of the instance that caught up further when a slower one writes after it', async () => {
      const { batchId, life } = await aReadyBatch();
      const slower = holdWrites(db.client());
      const slowCatchUp = new BatchReadModel(slower.client, store).catchUp(batchId);
      await slower.writing;

      await store.appendToStream(batchStreamName(batchId), [
        life.shipped,
        life.completed(0),
        life.completed(1),
      ]);
      await new BatchReadModel(db.client(), store).catchUp(batchId);
      slower.release();
      await slowCatchUp;

      expect(await rows(batchId)).toEqual({ revision: '7', items: ['completed', 'completed', 'valid'] });
    });
});
