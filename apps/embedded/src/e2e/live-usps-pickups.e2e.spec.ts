import {
  apiClient,
  pickupAddress,
  type RuntimeProcess,
  type TestDatabase,
  UspsMockServer,
} from '@shipping/testing';
import { Client } from 'pg';
import { startAdminRuntime } from './admin-runtime';

const ADMIN_KEY = 'admin-live-usps-pickups-spec-key-0123';
const CLIENT = { client_id: 'globex-pickup-key', client_secret: 'globex-pickup-secret-5e1a' };
const REFUSED_ZIP = '73344';
const SCHEDULE = '/pickup/v3/carrier-pickup';

type Api = ReturnType<typeof apiClient>;

const uspsPickup = (zip = '73301') => ({
  carrier: 'usps',
  from_address: { ...pickupAddress(), zip },
  pickup_date: '2026-12-01',
  pieces: [{ service: 'PICKUP-USPS-1', quantity: 2, weight: 3 }],
});

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
    let admin: Api;
    ({ database, runtime, admin } = await startAdminRuntime('live_usps_pickups', ADMIN_KEY, {
      USPS_API_URL: mock.url,
      // Longer than the pickup app waits for the label app (8 s), so the first request answers 503.
      USPS_TIMEOUT_MS: '12000',
    }));
    db = new Client({ connectionString: database.url });
    await db.connect();
    const account = (await admin.post('/admin/accounts', { name: 'Globex' })).body.data;
    const keyOf = async (mode: 'live' | 'test') =>
      apiClient(
        runtime.baseUrl,
        (await admin.post(`/admin/accounts/${account.id}/api-keys`, { mode })).body.data.key,
      );
    const shipper = await admin.post(`/admin/accounts/${account.id}/shippers`, {
      carrier: 'usps',
      own_integration: true,
      name: 'Globex USPS',
      credentials: {
        ...CLIENT,
        crid: '56982563',
        mid: '904128936',
        manifest_mid: '904128937',
        payment_account_type: 'EPS',
        payment_account_number: '1000405525',
      },
    });
    expect(shipper.status).toBe(201);
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
    ((await client.get('/pickup-orders?per_page=100')).body.data.data as { id: number }[]).map(
      (row) => row.id,
    );
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
    const created = await live.post('/pickup-orders', uspsPickup(), { 'Idempotency-Key': 'live-pickup-1' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      carrier: 'usps',
      status: 'scheduled',
      confirmation_number: expect.stringMatching(/^WTC\d+$/),
      carrier_message: null,
    });
    livePickupId = created.body.data.id;
    expect(mock.scheduledPickups()).toContain(created.body.data.confirmation_number);
    expect(asked()).toBe(before + 1);
    const [sent] = mock.requestsTo('POST', SCHEDULE).slice(-1);
    expect(sent.body).toMatchObject({
      pickupDate: '2026-12-01',
      packages: [{ packageType: 'OTHER', packageCount: 2 }],
      pickupLocation: { packageLocation: 'FRONT_DOOR' },
    });

    const again = await live.post('/pickup-orders', uspsPickup(), { 'Idempotency-Key': 'live-pickup-1' });
    expect(again.body.data).toEqual(created.body.data);

    const viewed = await until(
      () => live.get(`/pickup-orders/${livePickupId}`),
      (answer) => answer.status === 200 && answer.body.data.status !== 'pending',
    );
    expect(viewed.body.data).toMatchObject({
      status: 'scheduled',
      confirmation_number: created.body.data.confirmation_number,
    });

    const testCreated = await test.post('/pickup-orders', uspsPickup());
    expect(testCreated.status).toBe(201);
    expect(testCreated.body.data).toMatchObject({ status: 'ready', confirmation_number: null });
    testPickupId = testCreated.body.data.id;
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
      const seen = await client.get(`/pickup-orders/${id}`);
      expect(seen.status).toBe(404);
      expect(seen.body).toEqual({ success: false, message: 'Pickup order not found.' });
      const cancelled = await client.call('DELETE', `/pickup-orders/${id}`);
      expect(cancelled.status).toBe(404);
      expect(cancelled.body).toEqual({ success: false, message: 'Pickup order not found.' });
      const revised = await client.post('/pickup-orders', { ...uspsPickup(), id });
      expect(revised.status).toBe(422);
      expect(revised.body.data).toEqual({ id: ['The selected id is invalid.'] });
      const rated = await client.post('/pickup-orders/get-rates', { ...uspsPickup(), id });
      expect(rated.status).toBe(422);
    }
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(0);
    expect((await live.get(`/pickup-orders/${livePickupId}`)).body.data.status).toBe('scheduled');
  }, 60_000);

  it('cancels a live pickup with USPS, and a test pickup without any carrier', async () => {
    const confirmation = (await live.get(`/pickup-orders/${livePickupId}`)).body.data.confirmation_number;
    const cancelled = await live.call('DELETE', `/pickup-orders/${livePickupId}`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', confirmation_number: confirmation });
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(1);
    expect(mock.scheduledPickups()).not.toContain(confirmation);

    const testCancelled = await test.call('DELETE', `/pickup-orders/${testPickupId}`);
    expect(testCancelled.status).toBe(200);
    expect(testCancelled.body.data).toMatchObject({ status: 'cancelled', confirmation_number: null });
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(1);
  }, 60_000);

  it('answers USPS’s refusal with its message and lists the pickup failed', async () => {
    const refused = await live.post('/pickup-orders', uspsPickup(REFUSED_ZIP));
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      success: false,
      message: expect.stringMatching(/^USPS: .*Carrier Pickup is not available at this address/),
      data: { id: expect.any(Number) },
    });
    expect(refused.text).not.toContain(CLIENT.client_secret);
    const listed = await until(
      () => live.get(`/pickup-orders/${refused.body.data.id}`),
      (answer) => answer.status === 200 && answer.body.data.status !== 'pending',
    );
    expect(listed.body.data).toMatchObject({ status: 'failed', carrier_message: refused.body.message });
  }, 60_000);

  it('asks USPS once for a request whose answer was lost, however often the request is retried', async () => {
    const before = asked();
    const scheduledBefore = mock.scheduledPickups().length;
    mock.losePickupAnswers('hang');
    const retry = () => live.post('/pickup-orders', uspsPickup(), { 'Idempotency-Key': 'live-pickup-lost' });
    const first = await retry();
    // The label app waits for USPS longer than the request waits for it.
    expect(first.status).toBe(503);
    const settled = await until(retry, (answer) => answer.status !== 503, 90_000);
    expect(settled.status).toBe(422);
    expect(settled.body.message).toContain('USPS may have scheduled this pickup, but its answer was lost');
    expect(settled.body.message).toContain('at ZIP Code 73301');
    expect(asked()).toBe(before + 1);
    // The lost one is in USPS; nothing else was scheduled for the request.
    expect(mock.scheduledPickups()).toHaveLength(scheduledBefore + 1);
    const { rows } = await db.query(
      `select count(*)::int as count from event_store.events
        where event_type = 'PickupOrderScheduled' and stream_name = $1`,
      [`pickup-${settled.body.data.id}`],
    );
    expect(rows[0].count).toBe(1);
  }, 150_000);

  it('finishes a pickup whose request gave up and was never retried, asking USPS once', async () => {
    const before = asked();
    mock.losePickupAnswers('hang');
    const known = new Set(await listedIds(live));
    const gaveUp = await live.post('/pickup-orders', uspsPickup('73302'));
    expect(gaveUp.status).toBe(503);
    const pickupId = (
      await until(
        async () => (await listedIds(live)).filter((id) => !known.has(id)),
        (ids) => ids.length === 1,
      )
    )[0];
    const finished = await until(
      () => live.get(`/pickup-orders/${pickupId}`),
      (answer) => answer.body.data?.status === 'failed',
      90_000,
    );
    expect(finished.body.data.carrier_message).toContain(
      'USPS may have scheduled this pickup, but its answer was lost',
    );
    expect(asked()).toBe(before + 1);
  }, 150_000);
});
