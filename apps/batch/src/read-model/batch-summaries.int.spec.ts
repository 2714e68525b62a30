import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { migrate, type SqlClient } from '@shipping/event-store';
import { BATCH_MIGRATIONS } from '../batch.migrations';
import { BatchSummaries } from './batch-summaries';

describe('batch summaries kept on PGlite, the database of this process alone', () => {
  let sql: SqlClient;

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    await migrate(sql, BATCH_MIGRATIONS);
  }, 60_000);
  afterAll(() => sql?.close());

  const store = (batchId: string, revision: number) =>
    sql.query(
      `insert into batch_view (batch_id, account_id, last_revision, doc) values ($1, 'acct', $2, $3)
       on conflict (batch_id) do update set last_revision = excluded.last_revision, doc = excluded.doc`,
      [batchId, revision, JSON.stringify({ id: batchId, revision })],
    );

  it('reads a row once, then from memory until the read model writes the batch again', async () => {
    const summaries = new BatchSummaries(sql, 10);
    await store('b-1', 1);
    expect((await summaries.read('b-1'))?.revision).toBe('1');
    const query = jest.spyOn(sql, 'query');
    expect((await summaries.read('b-1'))?.revision).toBe('1');
    expect(query).not.toHaveBeenCalled();
    query.mockRestore();

    await store('b-1', 2);
    summaries.written('b-1');
    expect((await summaries.read('b-1'))?.revision).toBe('2');
  });

  it('does not keep a row loaded while the read model wrote a batch: it may be the older one', async () => {
    const summaries = new BatchSummaries(sql, 10);
    await store('b-2', 1);
    const query = jest.spyOn(sql, 'query').mockImplementationOnce(async (text, params) => {
      const loaded = await sql.query(text, params);
      await store('b-2', 2);
      summaries.written('b-2');
      return loaded as never;
    });
    expect((await summaries.read('b-2'))?.revision).toBe('1');
    query.mockRestore();

    expect((await summaries.read('b-2'))?.revision).toBe('2');
  });

  it('keeps no missing batch', async () => {
    const summaries = new BatchSummaries(sql, 10);
    expect(await summaries.read('nope')).toBeUndefined();
    await store('nope', 0);
    expect((await summaries.read('nope'))?.revision).toBe('0');
  });
});
