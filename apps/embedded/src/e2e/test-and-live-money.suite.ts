import { type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import { batchShipment, instantShipBody, type RuntimeProcess, testClient } from '@shipping/testing';
import { Client } from 'pg';
import { merchantShipment, onboardMerchant, type OwnMerchant } from './own-merchant';

type Api = ShippingClient;

/**
 * The embedded runtime on PostgreSQL, through the gateway: one account's test key and a live key
 * issued by the admin API. Their Idempotency-Keys, ledgers, batches and instant ships are two
 * tenants' (decision 101). The account is a merchant of its own (its credit added by the admin API
 * with no mode), so no other suite's work lands in its ledgers; the sandbox's seed credit is read
 * where Acme's seed put it.
 */
export const testAndLiveMoneySuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('test and live money and batches of one account kept apart', () => {
    let runtime: RuntimeProcess;
    let merchant: OwnMerchant;
    let admin: Api;
    let test: Api;
    let live: Api;
    let db: Client;

    const balance = async (client: Api) => unwrap(await client.GET('/account')).balance;
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const liveCredit = async (amount: string) => {
      const added = await admin.POST('/admin/accounts/{account_id}/credit', {
        params: { path: { account_id: merchant.accountId } },
        body: { amount, reference: `live-${amount}`, mode: 'live' },
      });
      expect(added.response.status).toBe(201);
    };
    const readyBatch = async (client: Api) => {
      const created = await client.POST('/batches', {
        body: {
          shipper_id: merchant.shipperId,
          service: 'USPS-1',
          batch_shipments: [batchShipment(1), batchShipment(2)].map((shipment) =>
            merchantShipment(merchant, shipment),
          ),
        },
      });
      expect(created.response.status).toBe(201);
      const batchId = created.data!.data.id;
      await waitForBatchStatus(client, batchId, ['ready']);
      return batchId;
    };
    const batchPath = (batch_id: string) => ({ params: { path: { batch_id } } });

    const merchantParcel = () =>
      instantShipBody({ shipper_id: merchant.shipperId, from_address_id: merchant.fromAddressId });

    beforeAll(async () => {
      runtime = runtimeOf();
      admin = testClient(runtime.baseUrl, SANDBOX_ADMIN_API_KEY);
      db = new Client({ connectionString: databaseUrlOf() });
      await db.connect();
      merchant = await onboardMerchant(runtime.baseUrl, 'Test And Live Money');
      test = merchant.client;
      const issued = await admin.POST('/admin/accounts/{account_id}/api-keys', {
        params: { path: { account_id: merchant.accountId } },
        body: { mode: 'live' },
      });
      expect(issued.response.status).toBe(201);
      live = testClient(runtime.baseUrl, issued.data!.data.key);
    }, 120_000);

    afterAll(async () => {
      await db?.end();
    });

    it('answers each key the balance of its own ledger: the sandbox credit is test credit', async () => {
      const seed = await db.query<{ stream_name: string }>(
        `select stream_name from event_store.events where data->>'account_id' = 'acct_acme' and data->>'grant_id' = 'sandbox-seed'`,
      );
      expect(seed.rows).toEqual([{ stream_name: 'ledger-acct_acme' }]);
      expect(cents(await balance(test))).toBeGreaterThan(0);
      expect(await balance(live)).toBe('0.00');
      expect(unwrap(await live.GET('/account/ledger')).data).toEqual([]);
      const account = await admin.GET('/admin/accounts/{account_id}', {
        params: { path: { account_id: merchant.accountId } },
      });
      expect(account.data!.data).toMatchObject({
        balance: await balance(test),
        live_balance: '0.00',
      });
    });

    it('refuses a live ship for want of live credit while test credit is left, and never spends test credit', async () => {
      const testBefore = await balance(test);
      const batchId = await readyBatch(live);

      const refused = await live.POST('/batches/{batch_id}/ship', batchPath(batchId));
      expect(refused.response.status).toBe(402);
      const instant = await live.POST('/parcel-orders/instant-ship', { body: merchantParcel() });
      expect(instant.response.status).toBe(402);

      await liveCredit('100.00');
      const shipped = await live.POST('/batches/{batch_id}/ship', batchPath(batchId));
      expect(shipped.response.status).toBe(200);
      const paid = await live.POST('/parcel-orders/instant-ship', { body: merchantParcel() });
      expect(paid.response.status).toBe(201);

      expect(await balance(test)).toBe(testBefore);
      const liveEntries = unwrap(await live.GET('/account/ledger')).data;
      expect(liveEntries.map((entry) => entry.type)).toEqual([
        'ShipmentCharged',
        'BatchCharged',
        'CreditAdded',
      ]);
      const spent = liveEntries
        .filter((entry) => entry.type !== 'CreditAdded')
        .reduce((sum, entry) => sum - cents(entry.amount), 0);
      expect(cents(await balance(live))).toBe(10_000 - spent);
      const charges = await db.query<{ stream_name: string }>(
        `select distinct stream_name from event_store.events
        where event_type in ('BatchCharged', 'ShipmentCharged')
          and (data->>'batch_id' = $1 or data->>'shipment_order_id' = $2)`,
        [batchId, String(paid.data!.data.shipment_order_id)],
      );
      expect(charges.rows).toEqual([{ stream_name: `ledger-live-${merchant.accountId}` }]);
    }, 120_000);

    it("shows neither mode the other's batches: get, items, history and ship answer 404, the list leaves them out", async () => {
      const testBatch = await readyBatch(test);
      const liveBatch = await readyBatch(live);

      for (const [client, other] of [
        [live, testBatch],
        [test, liveBatch],
      ] as const) {
        expect((await client.GET('/batches/{batch_id}', batchPath(other))).response.status).toBe(404);
        const filtered = await client.GET('/batches/{batch_id}', {
          params: { path: { batch_id: other }, query: { status: 'valid', per_page: 1 } },
        });
        expect(filtered.response.status).toBe(404);
        expect((await client.GET('/batches/{batch_id}/events', batchPath(other))).response.status).toBe(404);
        const ship = await client.POST('/batches/{batch_id}/ship', batchPath(other));
        expect(ship.response.status).toBe(404);
        expect(ship.error).toEqual({ success: false, message: 'Batch not found.' });
      }
      const listed = async (client: Api) =>
        unwrap(await client.GET('/batches', { params: { query: { per_page: 100 } } })).data.map(
          (batch) => batch.id,
        );
      expect(await listed(test)).toContain(testBatch);
      expect(await listed(test)).not.toContain(liveBatch);
      expect(await listed(live)).toContain(liveBatch);
      expect(await listed(live)).not.toContain(testBatch);
      // Each key still ships its own.
      expect((await test.POST('/batches/{batch_id}/ship', batchPath(testBatch))).response.status).toBe(200);
      expect((await waitForBatchStatus(test, testBatch, ['completed'])).labels).toHaveLength(1);
    }, 120_000);

    it('takes one Idempotency-Key in each mode as two requests, and a repeat in one mode as that mode’s', async () => {
      await liveCredit('50.00');
      const createBatch = (client: Api) =>
        client.POST('/batches', {
          params: { header: { 'Idempotency-Key': 'same-key-both-modes' } },
          body: {
            shipper_id: merchant.shipperId,
            service: 'USPS-1',
            batch_shipments: [merchantShipment(merchant, batchShipment(1))],
          },
        });
      const testBatch = await createBatch(test);
      const liveBatch = await createBatch(live);
      expect(testBatch.response.status).toBe(201);
      expect(liveBatch.response.status).toBe(201);
      expect(liveBatch.data!.data.id).not.toBe(testBatch.data!.data.id);
      const repeated = await createBatch(live);
      expect(repeated.data!.data.id).toBe(liveBatch.data!.data.id);
      expect(repeated.response.headers.get('idempotent-replayed')).toBe('true');

      const instantShip = (client: Api) =>
        client.POST('/parcel-orders/instant-ship', {
          params: { header: { 'Idempotency-Key': 'same-instant-ship-key' } },
          body: merchantParcel(),
        });
      const testShip = await instantShip(test);
      const liveShip = await instantShip(live);
      expect(testShip.response.status).toBe(201);
      expect(liveShip.response.status).toBe(201);
      expect(liveShip.data!.data.shipment_order_id).not.toBe(testShip.data!.data.shipment_order_id);
      const { rows } = await db.query<{ mode: string; shipment_order_id: string }>(
        `select mode, shipment_order_id::text from order_instant_ship_keys where account_id = $1 and idempotency_key = $2 order by mode`,
        [merchant.accountId, 'same-instant-ship-key'],
      );
      expect(rows).toEqual([
        { mode: 'live', shipment_order_id: String(liveShip.data!.data.shipment_order_id) },
        { mode: 'test', shipment_order_id: String(testShip.data!.data.shipment_order_id) },
      ]);
    }, 120_000);
  });
