import { type Batch, type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import { documentTexts } from '@shipping/label-app/src/testing/pdf-text';
import {
  batchShipment,
  instantShipBody,
  type RuntimeProcess,
  testClient,
  type TestDatabase,
  UspsMockServer,
} from '@shipping/testing';
import { Client } from 'pg';
import { addUspsShipper, startAdminRuntime } from './admin-runtime';
import { batchItems } from './batch-support';

const ADMIN_KEY = 'admin-live-usps-spec-key-0123456789';
const CLIENT = { client_id: 'globex-consumer-key', client_secret: 'globex-usps-secret-71c0' };
const REFUSED_ZIP = '73344';
const LABELS = '/labels/v3/label';

const warehouse = {
  name: 'Globex Warehouse',
  street_1: '1 Industrial Way',
  city: 'Springfield',
  zip: '62701',
  state: 'IL',
  country: 'US',
  telephone: '2175550100',
  is_residential: false,
};

/**
 * The embedded runtime on PostgreSQL with USPS_API_URL on the USPS mock: a live key of a shipper
 * whose own USPS credentials were set through the admin API buys its labels from USPS, once per
 * item; a test key of the same shipper reaches no carrier.
 */
describe('live USPS labels on a shipper’s own integration', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let mock: UspsMockServer;
  let admin: ShippingClient;
  let db: Client;

  const failedEvents = async (batchId: string) =>
    (
      await db.query<{ reason: string }>(
        `select data->>'reason' as reason from event_store.events
          where event_type = 'ItemFailed' and data->>'batch_id' = $1`,
        [batchId],
      )
    ).rows;
  const ledgerEvents = async (type: string, batchId: string) =>
    Number(
      (
        await db.query(
          `select count(*) from event_store.events where stream_name like 'ledger-%' and event_type = $1 and data->>'batch_id' = $2`,
          [type, batchId],
        )
      ).rows[0].count,
    );

  beforeAll(async () => {
    mock = await UspsMockServer.start({ clients: [CLIENT] });
    mock.refuseAddress(REFUSED_ZIP, 'Invalid ZIP Code');
    ({ database, runtime } = await startAdminRuntime('live_usps', ADMIN_KEY, {
      USPS_API_URL: mock.url,
    }));
    admin = testClient(runtime.baseUrl, ADMIN_KEY);
    db = new Client({ connectionString: database.url });
    await db.connect();
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await runtime?.stop();
    await database?.drop();
    await mock?.stop();
  });

  let live: ShippingClient;
  let shipperId: number;
  let shipBatch: (client: ShippingClient) => Promise<{ batchId: string; done: Batch }>;

  it('buys each item of a live batch once from USPS, merges its labels and refunds the item USPS refused; a test batch reaches no carrier', async () => {
    const account = unwrap(await admin.POST('/admin/accounts', { body: { name: 'Globex' } }));
    const ofAccount = { params: { path: { account_id: account.id } } };
    // Test credit for the test key's batch, live credit for the live key's: each mode spends its own.
    await admin.POST('/admin/accounts/{account_id}/credit', {
      ...ofAccount,
      body: { amount: '250.00', reference: 'INV-1' },
    });
    await admin.POST('/admin/accounts/{account_id}/credit', {
      ...ofAccount,
      body: { amount: '250.00', reference: 'INV-L1', mode: 'live' },
    });
    const keyOf = async (mode: 'live' | 'test') =>
      testClient(
        runtime.baseUrl,
        unwrap(await admin.POST('/admin/accounts/{account_id}/api-keys', { ...ofAccount, body: { mode } }))
          .key,
      );
    const shipper = unwrap(await addUspsShipper(admin, account.id, CLIENT));
    expect(shipper).toMatchObject({ has_credentials: true, batch_eligible: true });
    shipperId = shipper.id;

    shipBatch = async (client) => {
      const address = unwrap(await client.POST('/addresses', { body: warehouse }));
      const refused = batchShipment(3);
      const created = await client.POST('/batches', {
        body: {
          shipper_id: shipper.id,
          service: 'USPS-1',
          batch_shipments: [
            batchShipment(1),
            batchShipment(2),
            { ...refused, to_address: { ...refused.to_address, zip: REFUSED_ZIP } },
          ].map((shipment) => ({ ...shipment, from_address_id: address.id })),
        },
      });
      expect(created.response.status).toBe(201);
      const batchId = created.data!.data.id;
      await waitForBatchStatus(client, batchId, ['ready']);
      const ship = await client.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
      expect(ship.response.status).toBe(200);
      return { batchId, done: await waitForBatchStatus(client, batchId, ['completed']) };
    };

    live = await keyOf('live');
    const bought = await shipBatch(live);

    const labelRequests = mock.requestsTo('POST', LABELS);
    expect(labelRequests).toHaveLength(3);
    expect(new Set(labelRequests.map((request) => JSON.stringify(request.body))).size).toBe(3);
    expect(bought.done.results).toMatchObject({ completed_count: 2, failed_count: 1 });
    const completed = await batchItems(live, bought.batchId, 'completed');
    const tracking = completed.map((item) => item.shipment_order?.main_tracking_number as string);
    expect(mock.soldTrackingNumbers()).toEqual(expect.arrayContaining(tracking));
    const texts: string[] = [];
    for (const url of bought.done.labels as string[]) {
      const response = await fetch(url);
      expect(response.status).toBe(200);
      for (const page of await documentTexts(new Uint8Array(await response.arrayBuffer())))
        texts.push(...page);
    }
    for (const number of tracking) expect(texts.join(' ')).toContain(number);
    expect(await failedEvents(bought.batchId)).toEqual([
      { reason: expect.stringContaining('USPS: Invalid ZIP Code') },
    ]);
    expect(await ledgerEvents('ItemRefunded', bought.batchId)).toBe(1);
    const moneyStreams = await db.query<{ stream_name: string }>(
      `select distinct stream_name from event_store.events
        where event_type in ('BatchCharged', 'ItemRefunded') and data->>'batch_id' = $1`,
      [bought.batchId],
    );
    expect(moneyStreams.rows).toEqual([{ stream_name: `ledger-live-${account.id}` }]);

    const test = await shipBatch(await keyOf('test'));
    // The sandbox sells all three: only USPS refuses that ZIP Code.
    expect(test.done.results).toMatchObject({ completed_count: 3, failed_count: 0 });
    expect(mock.requestsTo('POST', LABELS)).toHaveLength(3);
    expect(mock.requestsTo('POST', '/oauth2/v3/token')).toHaveLength(1);
  }, 180_000);

  it('fails and refunds once an item whose USPS answer was lost after the sale, asking USPS once', async () => {
    const before = mock.requestsTo('POST', LABELS).length;
    mock.loseAnswersAfterSale(503);

    const { batchId, done } = await shipBatch(live);

    expect(mock.requestsTo('POST', LABELS)).toHaveLength(before + 3);
    expect(done.results).toMatchObject({ completed_count: 1, failed_count: 2 });
    const reasons = (await failedEvents(batchId)).map(({ reason }) => reason);
    expect(reasons).toEqual(
      expect.arrayContaining([
        expect.stringContaining('USPS: Invalid ZIP Code'),
        expect.stringContaining('USPS may have sold this label, but its answer was lost'),
      ]),
    );
    expect(await ledgerEvents('ItemRefunded', batchId)).toBe(2);
  }, 180_000);

  it.each([
    ['a 503', 503 as const],
    ['a dropped connection', 'drop' as const],
  ])(
    'buys one label for a live instant ship whose USPS answer was lost to %s, however often the client retries it',
    async (_, lost) => {
      const address = unwrap(await live.POST('/addresses', { body: warehouse }));
      const body = instantShipBody({ shipper_id: shipperId, from_address_id: address.id });
      const instantShip = (key: string) =>
        live.POST('/parcel-orders/instant-ship', { params: { header: { 'Idempotency-Key': key } }, body });
      const labelsBefore = mock.requestsTo('POST', LABELS).length;
      const soldBefore = mock.soldTrackingNumbers().length;
      mock.loseAnswersAfterSale(lost);

      const first = await instantShip(`live-usps-instant-${String(lost)}`);
      const retried = await instantShip(`live-usps-instant-${String(lost)}`);

      expect(first.error).toMatchObject({
        success: false,
        message: expect.stringContaining('USPS may have sold this label, but its answer was lost'),
      });
      expect([retried.response.status, retried.error]).toEqual([first.response.status, first.error]);
      expect(mock.requestsTo('POST', LABELS)).toHaveLength(labelsBefore + 1);
      expect(mock.soldTrackingNumbers()).toHaveLength(soldBefore + 1);

      const again = await instantShip(`live-usps-instant-${String(lost)}-new`);
      expect(again.response.status).toBe(201);
      expect(mock.soldTrackingNumbers()).toContain(again.data!.data.main_tracking_number);
      expect(mock.requestsTo('POST', LABELS)).toHaveLength(labelsBefore + 2);
    },
    120_000,
  );
});
