import { Client } from 'pg';
import { unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  eventually,
  type RuntimeProcess,
  startRuntime,
  temporaryDataDir,
  testClient,
  undeliverableBatchShipment,
} from '@shipping/testing';

/**
 * A crash at any point of validation or shipping loses nothing: the runtime is killed (SIGKILL,
 * no shutdown hooks) mid-batch and started again on the same data; the batch carries on to its
 * end with every item labelled once, one charge, and one refund per failed item.
 */
describe('a batch survives the runtime being killed mid-way', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Client;
  const dataDir = temporaryDataDir();
  let runtime: RuntimeProcess | undefined;
  const start = async () => {
    runtime = await startRuntime({
      dataDir,
      env: {
        STORE: 'postgres',
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_MINUTE: '0',
        // The killed runtime's labelling job and label purchases are taken over once their leases
        // ran out and a sweep came: seconds here instead of the production minute, the same takeover.
        BATCH_LABELING_LEASE_MS: '5000',
        BATCH_LABELING_SWEEP_MS: '1000',
        LABEL_PURCHASE_LEASE_MS: '5000',
      },
    });
    return testClient(runtime.baseUrl, 'sk_test_acme');
  };
  const count = async (sql: string, params: unknown[]) => Number((await db.query(sql, params)).rows[0].count);

  beforeAll(async () => {
    database = await createTestDatabase('batch_crash_e2e');
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await runtime?.stop();
    await db?.end();
    await database?.drop();
  });

  it('validates, ships and completes a 400-item batch across two kills', async () => {
    let acme = await start();
    const shipments = Array.from({ length: 400 }, (_, index) =>
      index % 97 === 5 ? undeliverableBatchShipment(index) : batchShipment(index),
    );
    const { id: batchId } = unwrap(
      await acme.POST('/batches', { body: { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments } }),
    );
    await runtime?.kill();

    acme = await start();
    await waitForBatchStatus(acme, batchId, ['ready']);
    const shipped = await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
    expect(shipped.response.status).toBe(200);
    const labelledBeforeKill = await eventually(async () => {
      const labelled = await count(`select count(*) from label_purchases where item_id = any($1)`, [
        await itemIds(batchId),
      ]);
      return labelled > 0 ? labelled : undefined;
    }, 30_000);
    await runtime?.kill();
    const failed = shipments.filter((_, index) => index % 97 === 5).length;
    // The kill landed mid-shipping: some labels were bought, not all.
    expect(labelledBeforeKill).toBeLessThan(400 - failed);

    acme = await start();
    const done = await waitForBatchStatus(acme, batchId, ['completed'], { timeoutMs: 90_000 });
    expect(done.results).toMatchObject({
      total_count: 400,
      completed_count: 400 - failed,
      failed_count: failed,
      completion_percentage: '100%',
    });
    const ids = await itemIds(batchId);
    expect(await count(`select count(*) from label_purchases where item_id = any($1)`, [ids])).toBe(
      400 - failed,
    );
    expect(
      await count(`select count(distinct tracking_number) from label_purchases where item_id = any($1)`, [
        ids,
      ]),
    ).toBe(400 - failed);
    const ledger = `select count(*) from event_store.events where stream_name like 'ledger-%' and event_type = $1 and data->>'batch_id' = $2`;
    expect(await count(ledger, ['BatchCharged', batchId])).toBe(1);
    expect(await count(ledger, ['ItemRefunded', batchId])).toBe(failed);
    const completions = `select count(*) from event_store.events where stream_name = $1 and event_type = 'ItemCompleted'`;
    expect(await count(completions, [`batch-${batchId}`])).toBe(400 - failed);
  }, 240_000);

  async function itemIds(batchId: string): Promise<string[]> {
    const { rows } = await db.query(
      `select data from event_store.events where stream_name = $1 and event_type = 'BatchCreated'`,
      [`batch-${batchId}`],
    );
    return rows[0].data.items.map((item: { item_id: string }) => item.item_id);
  }
});
