import type { CarrierPickupScheduleRequest } from '@shipping/contracts';
import { migrate, type SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  createTestDatabase,
  type TestDatabase,
  UspsMockServer,
  pickupRequestFindings,
} from '@shipping/testing';
import { RetentionJob } from '@shipping/platform/retention';
import { randomUUID } from 'node:crypto';
import type { CarrierPort } from '../carrier/carrier-port';
import { CarrierRegistry } from '../carrier/carrier-registry';
import {
  guardSettings,
  guardedUspsInstance,
  type GuardedUspsInstance,
  INTEGRATION,
  MOCK_CLIENT,
} from '../carrier/guard/guarded-usps.fixture';
import { LABEL_MIGRATIONS } from '../label.migrations';
import { CarrierPickupStore } from './carrier-pickup-store';
import { carrierPickupsRetention } from './carrier-pickups-retention';
import { CarrierPickups } from './carrier-pickups';

const SCHEDULE = '/pickup/v3/carrier-pickup';
const REFUSED_ZIP = '73344';

/** The sandbox is never reached by a pickup: a call to it fails the spec. */
const unreachableSandbox: CarrierPort = {
  idempotencyKeys: 'honoured',
  purchase: () => Promise.reject(new Error('the sandbox was asked')),
};

let serial = 0;
const pickupRequest = (zip = '10118'): CarrierPickupScheduleRequest => ({
  pickup_key: `pickup-${++serial}`,
  shipper: { carrier: 'usps', integration: 'own', account_id: 'acct_globex', shipper_id: 7 },
  mode: 'live',
  pickup: {
    date: '2026-12-01',
    address: {
      name: 'Globex Warehouse',
      street_1: '350 5th Ave',
      city: 'New York',
      zip,
      state: 'NY',
      country: 'US',
      telephone: '2125550100',
      email: 'dock@globex.example',
    },
    pieces: [{ service: 'PICKUP-USPS-1', count: 3 }],
    estimated_weight_lbs: 12,
    is_residential: false,
  },
});

/**
 * The label app's carrier pickups on PostgreSQL, through a guarded USPS adapter, against the USPS
 * mock: a pickup is asked of USPS once whatever happens to its answer.
 */
describe('carrier pickups with USPS', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let mock: UspsMockServer;
  let usps: GuardedUspsInstance;
  let pickups: CarrierPickups;
  const asked = () => mock.requestsTo('POST', SCHEDULE).length;

  beforeAll(async () => {
    database = await createTestDatabase('carrier_pickups');
    sql = createPgSqlClient(database.url, { max: 4 });
    await migrate(sql, LABEL_MIGRATIONS);
    mock = await UspsMockServer.start({ clients: [MOCK_CLIENT] });
    mock.refuseAddress(REFUSED_ZIP, `Carrier Pickup is not available for ${INTEGRATION.client_secret}`);
    usps = guardedUspsInstance({
      baseUrl: mock.url,
      prefix: `pickups-${randomUUID()}`,
      settings: guardSettings({ backoff: { baseMs: 10, maxMs: 50 } }),
    });
    const registry = new CarrierRegistry(unreachableSandbox, [
      { carrier: 'usps', integration: 'own', adapter: usps.carrier },
    ]);
    pickups = new CarrierPickups(registry, new CarrierPickupStore(sql));
  }, 60_000);

  afterAll(async () => {
    usps?.close();
    await mock?.stop();
    await sql?.close();
    await database?.drop();
  });

  it('schedules a live pickup once in the documented shape, answers repeats from its row, and cancels it once', async () => {
    const request = pickupRequest();
    const before = asked();
    const scheduled = await pickups.schedule(request);
    expect(scheduled).toEqual({ ok: true, confirmation_number: expect.stringMatching(/^WTC\d+$/) });
    const [sent] = mock.requestsTo('POST', SCHEDULE).slice(-1);
    expect(pickupRequestFindings(sent.body)).toEqual([]);
    expect(sent.body).toMatchObject({
      pickupDate: '2026-12-01',
      packages: [{ packageType: 'OTHER', packageCount: 3 }],
      estimatedWeight: 12,
      pickupLocation: { packageLocation: 'OFFICE' },
    });

    expect(await Promise.all([pickups.schedule(request), pickups.schedule(request)])).toEqual([
      scheduled,
      scheduled,
    ]);
    expect(asked()).toBe(before + 1);

    const confirmation = (scheduled as { confirmation_number: string }).confirmation_number;
    const cancel = { ...request, confirmation_number: confirmation };
    expect(await pickups.cancel(cancel)).toEqual({ ok: true });
    expect(await pickups.cancel(cancel)).toEqual({ ok: true });
    expect(mock.requestsTo('DELETE', SCHEDULE)).toHaveLength(1);
    expect(mock.scheduledPickups()).not.toContain(confirmation);
  });

  it('answers a refusal in USPS’s words without the integration’s secrets, and does not ask again', async () => {
    const request = pickupRequest(REFUSED_ZIP);
    const before = asked();
    const refused = await pickups.schedule(request);
    expect(refused).toEqual({
      ok: false,
      reason: expect.stringMatching(/^USPS: .*Carrier Pickup is not available for \[redacted\]/),
    });
    expect(JSON.stringify(refused)).not.toContain(INTEGRATION.client_secret);
    expect(await pickups.schedule(request)).toEqual(refused);
    expect(asked()).toBe(before + 1);
  });

  it.each([
    ['a 503', 503],
    ['a 500', 500],
    ['a dropped connection', 'drop'],
    ['no answer before the timeout', 'hang'],
  ] as const)(
    'settles a pickup whose answer was lost to %s as an unknown outcome, asking USPS once',
    async (_case, outcome) => {
      const request = pickupRequest();
      const before = asked();
      const scheduledBefore = mock.scheduledPickups().length;
      mock.losePickupAnswers(outcome);
      const lost = await pickups.schedule(request);
      expect(lost).toEqual({
        ok: false,
        outcome_unknown: true,
        reason: expect.stringContaining('USPS may have scheduled this pickup, but its answer was lost'),
      });
      expect((lost as { reason: string }).reason).toContain('a pickup on 2026-12-01 at ZIP Code 10118');
      expect(mock.scheduledPickups()).toHaveLength(scheduledBefore + 1);
      expect(await pickups.schedule(request)).toEqual(lost);
      expect(asked()).toBe(before + 1);
    },
    20_000,
  );

  it('retries a 429, which USPS did not act on, to one pickup', async () => {
    const request = pickupRequest();
    const before = asked();
    mock.failNext(429, 1);
    // The token is kept from before: the 429 answers the pickup request itself.
    expect(await pickups.schedule(request)).toEqual({ ok: true, confirmation_number: expect.any(String) });
    expect(
      mock
        .requestsTo('POST', SCHEDULE)
        .slice(before)
        .map((sent) => sent.status),
    ).toEqual([429, 200]);
  });

  it('takes a pickup whose asker stopped while USPS was asked as an unknown outcome, without asking', async () => {
    const request = pickupRequest();
    const store = new CarrierPickupStore(sql);
    expect(await store.claim(request)).toBe(true);
    await expect(pickups.schedule(request)).rejects.toMatchObject({ code: 'unavailable' });
    await sql.query(
      "update carrier_pickups set asked_at = asked_at - interval '6 minutes' where pickup_key = $1",
      [request.pickup_key],
    );
    const before = asked();
    expect(await pickups.schedule(request)).toEqual({
      ok: false,
      outcome_unknown: true,
      reason: expect.stringContaining('the label app stopped while the carrier was asked'),
    });
    expect(asked()).toBe(before);
  });

  it('never reaches a carrier for a test pickup', async () => {
    const before = mock.requests.length;
    await expect(pickups.schedule({ ...pickupRequest(), mode: 'test' })).rejects.toMatchObject({
      code: 'bad_request',
      message: 'A test pickup never reaches a carrier.',
    });
    expect(mock.requests).toHaveLength(before);
  });

  it('forgets a pickup its retention after USPS was asked, and keeps recent ones and those still asked', async () => {
    const day = 86_400_000;
    const [old, recent] = [pickupRequest(), pickupRequest()];
    await pickups.schedule(old);
    await pickups.schedule(recent);
    const asking = pickupRequest();
    await new CarrierPickupStore(sql).claim(asking);
    await sql.query(
      `update carrier_pickups set asked_at = now() - interval '91 days' where pickup_key in ($1, $2)`,
      [old.pickup_key, asking.pickup_key],
    );
    const job = new RetentionJob(sql, { now: () => new Date() }, [carrierPickupsRetention(90 * day)], {
      batchSize: 100,
      intervalMs: day,
    });

    expect(await job.pruneOnce()).toEqual({ carrier_pickups: 1 });
    const { rows } = await sql.query<{ pickup_key: string }>(
      'select pickup_key from carrier_pickups where pickup_key in ($1, $2, $3) order by pickup_key',
      [old.pickup_key, recent.pickup_key, asking.pickup_key],
    );
    expect(rows.map((row) => row.pickup_key).sort()).toEqual([recent.pickup_key, asking.pickup_key].sort());
  });
});
