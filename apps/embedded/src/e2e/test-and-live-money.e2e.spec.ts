import {
  apiClient,
  batchShipment,
  instantShipBody,
  type RuntimeProcess,
  type TestDatabase,
} from '@shipping/testing';
import { Client } from 'pg';
import { startAdminRuntime } from './admin-runtime';
import { batchWithStatus } from './batch-support';

const ADMIN_KEY = 'admin-test-and-live-money-key-0123';
const ACCOUNT = 'acct_acme';

type Api = ReturnType<typeof apiClient>;

/**
 * The embedded runtime on PostgreSQL, through the gateway: one account's test key (the sandbox's
 * `sk_test_acme`) and a live key issued by the admin API. Their Idempotency-Keys, ledgers, batches
 * and instant ships are two tenants' (decision 101).
 */
describe('test and live money and batches of one account kept apart', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let admin: Api;
  let test: Api;
  let live: Api;
  let db: Client;

  const balance = async (client: Api) => (await client.get('/account')).body.data.balance as string;
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  const liveCredit = async (amount: string) => {
    const added = await admin.post(`/admin/accounts/${ACCOUNT}/credit`, {
      amount,
      reference: `live-${amount}`,
      mode: 'live',
    });
    expect(added.status).toBe(201);
  };
  const readyBatch = async (client: Api, headers: Record<string, string> = {}) => {
    const created = await client.post(
      '/batches',
      { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(1), batchShipment(2)] },
      headers,
    );
    expect(created.status).toBe(201);
    const batchId: string = created.body.data.id;
    await batchWithStatus(client, batchId, ['ready']);
    return batchId;
  };

  beforeAll(async () => {
    ({ database, runtime, admin } = await startAdminRuntime('test_and_live_money', ADMIN_KEY));
    db = new Client({ connectionString: database.url });
    await db.connect();
    test = apiClient(runtime.baseUrl, 'sk_test_acme');
    const issued = await admin.post(`/admin/accounts/${ACCOUNT}/api-keys`, { mode: 'live' });
    expect(issued.status).toBe(201);
    live = apiClient(runtime.baseUrl, issued.body.data.key);
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await runtime?.stop();
    await database?.drop();
  });

  it('answers each key the balance of its own ledger: the sandbox credit is test credit', async () => {
    expect(cents(await balance(test))).toBeGreaterThan(0);
    expect(await balance(live)).toBe('0.00');
    expect((await live.get('/account/ledger')).body.data.data).toEqual([]);
    expect((await admin.get(`/admin/accounts/${ACCOUNT}`)).body.data).toMatchObject({
      balance: await balance(test),
      live_balance: '0.00',
    });
  });

  it('refuses a live ship for want of live credit while test credit is left, and never spends test credit', async () => {
    const testBefore = await balance(test);
    const batchId = await readyBatch(live);

    const refused = await live.post(`/batches/${batchId}/ship`);
    expect(refused.status).toBe(402);
    const instant = await live.post('/parcel-orders/instant-ship', instantShipBody());
    expect(instant.status).toBe(402);

    await liveCredit('100.00');
    const shipped = await live.post(`/batches/${batchId}/ship`);
    expect(shipped.status).toBe(200);
    const paid = await live.post('/parcel-orders/instant-ship', instantShipBody());
    expect(paid.status).toBe(201);

    expect(await balance(test)).toBe(testBefore);
    const liveEntries = (await live.get('/account/ledger')).body.data.data as { type: string }[];
    expect(liveEntries.map((entry) => entry.type)).toEqual([
      'ShipmentCharged',
      'BatchCharged',
      'CreditAdded',
    ]);
    const spent = liveEntries
      .filter((entry) => entry.type !== 'CreditAdded')
      .reduce((sum, entry) => sum - cents((entry as unknown as { amount: string }).amount), 0);
    expect(cents(await balance(live))).toBe(10_000 - spent);
    const charges = await db.query<{ stream_name: string }>(
      `select distinct stream_name from event_store.events
        where event_type in ('BatchCharged', 'ShipmentCharged')
          and (data->>'batch_id' = $1 or data->>'shipment_order_id' = $2)`,
      [batchId, String(paid.body.data.shipment_order_id)],
    );
    expect(charges.rows).toEqual([{ stream_name: `ledger-live-${ACCOUNT}` }]);
  }, 120_000);

  it("shows neither mode the other's batches: get, items, history and ship answer 404, the list leaves them out", async () => {
    const testBatch = await readyBatch(test);
    const liveBatch = await readyBatch(live);

    for (const [client, other] of [
      [live, testBatch],
      [test, liveBatch],
    ] as const) {
      expect((await client.get(`/batches/${other}`)).status).toBe(404);
      expect((await client.get(`/batches/${other}?status=valid&per_page=1`)).status).toBe(404);
      expect((await client.get(`/batches/${other}/events`)).status).toBe(404);
      const ship = await client.post(`/batches/${other}/ship`);
      expect(ship.status).toBe(404);
      expect(ship.body).toEqual({ success: false, message: 'Batch not found.' });
    }
    const listed = async (client: Api) =>
      ((await client.get('/batches?per_page=100')).body.data.data as { id: string }[]).map(
        (batch) => batch.id,
      );
    expect(await listed(test)).toContain(testBatch);
    expect(await listed(test)).not.toContain(liveBatch);
    expect(await listed(live)).toContain(liveBatch);
    expect(await listed(live)).not.toContain(testBatch);
    // Each key still ships its own.
    expect((await test.post(`/batches/${testBatch}/ship`)).status).toBe(200);
    expect((await batchWithStatus(test, testBatch, ['completed'])).labels).toHaveLength(1);
  }, 120_000);

  it('takes one Idempotency-Key in each mode as two requests, and a repeat in one mode as that mode’s', async () => {
    await liveCredit('50.00');
    const headers = { 'Idempotency-Key': 'same-key-both-modes' };
    const testBatch = await test.post(
      '/batches',
      { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(1)] },
      headers,
    );
    const liveBatch = await live.post(
      '/batches',
      { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(1)] },
      headers,
    );
    expect(testBatch.status).toBe(201);
    expect(liveBatch.status).toBe(201);
    expect(liveBatch.body.data.id).not.toBe(testBatch.body.data.id);
    const repeated = await live.post(
      '/batches',
      { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(1)] },
      headers,
    );
    expect(repeated.body.data.id).toBe(liveBatch.body.data.id);
    expect(repeated.headers.get('idempotent-replayed')).toBe('true');

    const shipKey = { 'Idempotency-Key': 'same-instant-ship-key' };
    const testShip = await test.post('/parcel-orders/instant-ship', instantShipBody(), shipKey);
    const liveShip = await live.post('/parcel-orders/instant-ship', instantShipBody(), shipKey);
    expect(testShip.status).toBe(201);
    expect(liveShip.status).toBe(201);
    expect(liveShip.body.data.shipment_order_id).not.toBe(testShip.body.data.shipment_order_id);
    const { rows } = await db.query<{ mode: string; shipment_order_id: string }>(
      `select mode, shipment_order_id::text from order_instant_ship_keys where idempotency_key = $1 order by mode`,
      ['same-instant-ship-key'],
    );
    expect(rows).toEqual([
      { mode: 'live', shipment_order_id: String(liveShip.body.data.shipment_order_id) },
      { mode: 'test', shipment_order_id: String(testShip.body.data.shipment_order_id) },
    ]);
  }, 120_000);
});
