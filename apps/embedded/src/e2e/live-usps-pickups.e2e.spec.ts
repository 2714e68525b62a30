import { type components, type ShippingClient, unwrap } from '@shipping/client';
import {
  pickupAddress,
  type RuntimeProcess,
  fieldErrorsOf,
  testClient,
  type TestDatabase,
  UspsMockServer,
} from '@shipping/testing';
import { Client } from 'pg';
import { addUspsShipper, startAdminRuntime } from './admin-runtime';

const ADMIN_KEY = 'admin-live-usps-pickups-spec-key-0123';
const CLIENT = { client_id: 'globex-pickup-key', client_secret: 'globex-pickup-secret-5e1a' };
const REFUSED_ZIP = '73344';
const SCHEDULE = '/pickup/v3/carrier-pickup';

type Api = ShippingClient;

const uspsPickup = (zip = '73301'): components['schemas']['PickupOrderRequest'] => ({
  carrier: 'usps',
  from_address: { ...pickupAddress(), zip },
  pickup_date: '2026-12-01',
  pieces: [{ service: 'PICKUP-USPS-1', quantity: 2, weight: 3 }],
});

/** A refusal that names the pickup it stored failed. */
const refusedPickupId = (error: unknown) => (error as { data: { id: number } }).data.id;

/**
 * The embedded runtime on PostgreSQL with USPS_API_URL on the USPS mock: a live key's USPS pickup
 * of a shipper on its own integration is scheduled with USPS once and answered with its
 * confirmation number; a test key's reaches no carrier; neither mode sees or cancels the other's.
 */
describe('live USPS pickups on a shipper’s own integration', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let mock: UspsMockServer;
  let db: Client;
  let live: Api;
  let test: Api;
  const asked = () => mock.requestsTo('POST', SCHEDULE).length;

  beforeAll(async () => {
    mock = await UspsMockServer.start({ clients: [CLIENT] });
    mock.refuseAddress(REFUSED_ZIP, 'Carrier Pickup is not available at this address');
    ({ database, runtime } = await startAdminRuntime('live_usps_pickups', ADMIN_KEY, {
      USPS_API_URL: mock.url,
      // The pickup app waits 2 s for the label app instead of 8 s: the same 503 and resumption, sooner.
      CARRIER_PICKUP_TIMEOUT_MS: '2000',
      // Longer than the pickup app waits for the label app, so the first request answers 503.
      USPS_TIMEOUT_MS: '4000',
      // A pickup left pending is taken up once it is older than a request waits (the least
      // allowed: the wait + 1 s) at the next sweep: about 4 s instead of up to 30 s, the same recovery.
      PICKUP_RECOVERY_SWEEP_MS: '1000',
      PICKUP_RECOVERY_PENDING_MS: '3000',
    }));
    db = new Client({ connectionString: database.url });
    await db.connect();
    const admin = testClient(runtime.baseUrl, ADMIN_KEY);
    const account = unwrap(await admin.POST('/admin/accounts', { body: { name: 'Globex' } }));
    const keyOf = async (mode: 'live' | 'test') =>
      testClient(
        runtime.baseUrl,
        unwrap(
          await admin.POST('/admin/accounts/{account_id}/api-keys', {
            params: { path: { account_id: account.id } },
            body: { mode },
          }),
        ).key,
      );
    const shipper = await addUspsShipper(admin, account.id, CLIENT);
    expect(shipper.response.status).toBe(201);
    live = await keyOf('live');
    test = await keyOf('test');
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await runtime?.stop();
    await database?.drop();
    await mock?.stop();
  });

  /** The read model is eventually consistent: a pickup's row is waited for by its key's owner. */
  const listedIds = async (client: Api) =>
    unwrap(await client.GET('/pickup-orders', { params: { query: { per_page: 100 } } })).data.map(
      (row) => row.id,
    );
  const pickupPath = (id: number) => ({ params: { path: { pickup_order_id: String(id) } } });
  const createPickup = (client: Api, body: components['schemas']['PickupOrderRequest'], key?: string) =>
    client.POST('/pickup-orders', { params: { header: { 'Idempotency-Key': key } }, body });
  const until = async <T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  let livePickupId: number;
  let testPickupId: number;

  it('schedules a live key’s USPS pickup once and answers its confirmation number; a test key’s reaches no carrier', async () => {
    const before = asked();
    const created = await createPickup(live, uspsPickup(), 'live-pickup-1');
    expect(created.response.status).toBe(201);
    const pickup = created.data!.data;
    expect(pickup).toMatchObject({
      carrier: 'usps',
      status: 'scheduled',
      confirmation_number: expect.stringMatching(/^WTC\d+$/),
      carrier_message: null,
    });
    livePickupId = pickup.id;
    expect(mock.scheduledPickups()).toContain(pickup.confirmation_number);
    expect(asked()).toBe(before + 1);
    const [sent] = mock.requestsTo('POST', SCHEDULE).slice(-1);
    expect(sent.body).toMatchObject({
      pickupDate: '2026-12-01',
      packages: [{ packageType: 'OTHER', packageCount: 2 }],
      pickupLocation: { packageLocation: 'FRONT_DOOR' },
    });

    const again = await createPickup(live, uspsPickup(), 'live-pickup-1');
    expect(again.data!.data).toEqual(pickup);

    const viewed = await until(
      () => live.GET('/pickup-orders/{pickup_order_id}', pickupPath(livePickupId)),
      (answer) => answer.response.status === 200 && answer.data!.data.status !== 'pending',
    );
    expect(viewed.data!.data).toMatchObject({
      status: 'scheduled',
      confirmation_number: pickup.confirmation_number,
    });

    const testCreated = await createPickup(test, uspsPickup());
    expect(testCreated.response.status).toBe(201);
    expect(testCreated.data!.data).toMatchObject({ status: 'ready', confirmation_number: null });
    testPickupId = testCreated.data!.data.id;
    expect(asked()).toBe(before + 1);
    const { rows } = await db.query(
      `select data->>'key_mode' as key_mode, event_version from event_store.events
        where event_type = 'PickupOrderScheduled' and stream_name = any($1) order by stream_name`,
      [[`pickup-${livePickupId}`, `pickup-${testPickupId}`]],
    );
    expect(rows.map((row) => row.key_mode).sort()).toEqual(['live', 'test']);
    expect(rows.every((row) => Number(row.event_version) === 3)).toBe(true);
  }, 60_000);

  it('keeps each mode’s pickups out of the other’s sight: not listed, not found, not changed, not cancelled', async () => {
    await until(
      () => listedIds(test),
      (ids) => ids.includes(testPickupId),
    );
    await until(
      () => listedIds(live),
      (ids) => ids.includes(livePickupId),
    );
    expect(await listedIds(test)).not.toContain(livePickupId);
    expect(await listedIds(live)).not.toContain(testPickupId);

    for (const [client, id] of [
      [test, livePickupId],
      [live, testPickupId],
    ] as const) {
      const seen = await client.GET('/pickup-orders/{pickup_order_id}', pickupPath(id));
      expect(seen.response.status).toBe(404);
      expect(seen.error).toEqual({ success: false, message: 'Pickup order not found.' });
      const cancelled = await client.DELETE('/pickup-orders/{pickup_order_id}', pickupPath(id));
      expect(cancelled.response.status).toBe(404);
      expect(cancelled.error).toEqual({ success: false, message: 'Pickup order not found.' });
      const revised = await createPickup(client, { ...uspsPickup(), id });
      expect(revised.response.status).toBe(422);
      expect(fieldErrorsOf(revised)).toEqual({ id: ['The selected id is invalid.'] });
      const rated = await client.POST('/pickup-orders/get-rates', { body: { ...uspsPickup(), id } });
      expect(rated.response.status).toBe(422);
    }
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(0);
    const stillScheduled = unwrap(
      await live.GET('/pickup-orders/{pickup_order_id}', pickupPath(livePickupId)),
    );
    expect(stillScheduled.status).toBe('scheduled');
  }, 60_000);

  it('cancels a live pickup with USPS, and a test pickup without any carrier', async () => {
    const { confirmation_number: confirmation } = unwrap(
      await live.GET('/pickup-orders/{pickup_order_id}', pickupPath(livePickupId)),
    );
    const cancelled = await live.DELETE('/pickup-orders/{pickup_order_id}', pickupPath(livePickupId));
    expect(cancelled.response.status).toBe(200);
    expect(cancelled.data!.data).toMatchObject({ status: 'cancelled', confirmation_number: confirmation });
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(1);
    expect(mock.scheduledPickups()).not.toContain(confirmation);

    const testCancelled = await test.DELETE('/pickup-orders/{pickup_order_id}', pickupPath(testPickupId));
    expect(testCancelled.response.status).toBe(200);
    expect(testCancelled.data!.data).toMatchObject({ status: 'cancelled', confirmation_number: null });
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(1);
  }, 60_000);

  it('answers USPS’s refusal with its message and lists the pickup failed', async () => {
    const refused = await createPickup(live, uspsPickup(REFUSED_ZIP));
    expect(refused.response.status).toBe(422);
    expect(refused.error).toMatchObject({
      success: false,
      message: expect.stringMatching(/^USPS: .*Carrier Pickup is not available at this address/),
      data: { id: expect.any(Number) },
    });
    expect(JSON.stringify(refused.error)).not.toContain(CLIENT.client_secret);
    const listed = await until(
      () => live.GET('/pickup-orders/{pickup_order_id}', pickupPath(refusedPickupId(refused.error))),
      (answer) => answer.response.status === 200 && answer.data!.data.status !== 'pending',
    );
    expect(listed.data!.data).toMatchObject({ status: 'failed', carrier_message: refused.error!.message });
  }, 60_000);

  it('asks USPS once for a request whose answer was lost, however often the request is retried', async () => {
    const before = asked();
    const scheduledBefore = mock.scheduledPickups().length;
    mock.losePickupAnswers('hang');
    const retry = () => createPickup(live, uspsPickup(), 'live-pickup-lost');
    const first = await retry();
    // The label app waits for USPS longer than the request waits for it.
    expect(first.response.status).toBe(503);
    const settled = await until(retry, (answer) => answer.response.status !== 503, 90_000);
    expect(settled.response.status).toBe(422);
    expect(settled.error?.message).toContain('USPS may have scheduled this pickup, but its answer was lost');
    expect(settled.error?.message).toContain('at ZIP Code 73301');
    expect(asked()).toBe(before + 1);
    // The lost one is in USPS; nothing else was scheduled for the request.
    expect(mock.scheduledPickups()).toHaveLength(scheduledBefore + 1);
    const { rows } = await db.query(
      `select count(*)::int as count from event_store.events
        where event_type = 'PickupOrderScheduled' and stream_name = $1`,
      [`pickup-${refusedPickupId(settled.error)}`],
    );
    expect(rows[0].count).toBe(1);
  }, 150_000);

  it('finishes a pickup whose request gave up and was never retried, asking USPS once', async () => {
    const before = asked();
    mock.losePickupAnswers('hang');
    const known = new Set(await listedIds(live));
    const gaveUp = await createPickup(live, uspsPickup('73302'));
    expect(gaveUp.response.status).toBe(503);
    const pickupId = (
      await until(
        async () => (await listedIds(live)).filter((id) => !known.has(id)),
        (ids) => ids.length === 1,
      )
    )[0];
    const finished = await until(
      () => live.GET('/pickup-orders/{pickup_order_id}', pickupPath(pickupId)),
      (answer) => answer.data?.data.status === 'failed',
      90_000,
    );
    expect(finished.data!.data.carrier_message).toContain(
      'USPS may have scheduled this pickup, but its answer was lost',
    );
    expect(asked()).toBe(before + 1);
  }, 150_000);
});
