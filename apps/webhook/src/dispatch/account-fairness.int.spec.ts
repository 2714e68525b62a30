import type { SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { createTestDatabase, eventually, type TestDatabase } from '@shipping/testing';
import { type BlackHole, startBlackHole, startReceiver, type Receiver } from '../testing/receiver';
import { shipmentBody } from '../testing/shipment-body';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';

const ENDPOINTS_OF_A = 16;
const PER_ENDPOINT = 4;
/** Two instances of 32 slots: the 64 that A's 16 endpoints x 4 could fill. */
const SLOTS_PER_INSTANCE = 32;
const PER_ACCOUNT = 16;
const BACKLOG_OF_A = 20;
const DELIVERIES_OF_B = 10;

/**
 * Account A has 16 endpoints that accept the connection and never answer, and a backlog of due
 * deliveries older than any of account B's; B has one endpoint that answers at once. Two webhook
 * app instances, each with its own pool, on one PostgreSQL database.
 */
describe('webhook fairness between accounts, on PostgreSQL', () => {
  let database: TestDatabase;
  const pools: SqlClient[] = [];
  const instances: WebhookTestApp[] = [];
  let blackHoles: BlackHole[] = [];
  let fast: Receiver;

  beforeAll(async () => {
    database = await createTestDatabase('account_fairness');
    // An attempt times out after ten minutes: A's attempts never end while the spec runs.
    const config = {
      timeoutMs: 600_000,
      concurrency: SLOTS_PER_INSTANCE,
      endpointConcurrency: PER_ENDPOINT,
      accountConcurrency: PER_ACCOUNT,
    };
    for (let instance = 0; instance < 2; instance++) {
      const pool = createPgSqlClient(database.url, { max: 4 });
      pools.push(pool);
      instances.push(await createWebhookTestApp(config, undefined, pool));
    }
    blackHoles = await Promise.all(Array.from({ length: ENDPOINTS_OF_A }, startBlackHole));
    fast = await startReceiver();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(blackHoles.map((blackHole) => blackHole.close()));
    await fast?.close();
    await Promise.all(instances.map((instance) => instance.close()));
    await Promise.all(pools.map((pool) => pool.close()));
    await database?.drop();
  });

  const notify = (accountId: string, count: number, keyMode: 'test' | 'live' = 'test') =>
    instances[0].handlers.notifyMany({
      context: context('source'),
      payload: {
        notifications: Array.from({ length: count }, (_, index) => ({
          event_id: `${accountId}-${keyMode}-${index}`,
          account_id: accountId,
          key_mode: keyMode,
          body: shipmentBody(),
        })),
      },
    });

  const count = async (sql: string) => (await instances[0].sql.query<{ count: number }>(sql)).rows[0].count;

  it("delivers B's deliveries while A's hanging endpoints and backlog hold what A may have, and no more", async () => {
    for (const blackHole of blackHoles)
      await instances[0].handlers.register({ context: context('acct_a'), payload: { url: blackHole.url } });
    await instances[0].handlers.register({ context: context('acct_b'), payload: { url: fast.url } });
    await notify('acct_a', BACKLOG_OF_A);
    await notify('acct_b', DELIVERIES_OF_B);

    // Normal time for B is a few hundred milliseconds; starved, B waits for A's ten-minute timeouts.
    await eventually(async () => (fast.calls.length >= DELIVERIES_OF_B ? true : undefined), 30_000);

    // Each dispatcher keeps to A's share as it last saw it; two claiming at once may each take it.
    const hanging = blackHoles.reduce((sum, blackHole) => sum + blackHole.hanging.length, 0);
    expect(hanging).toBeLessThanOrEqual(instances.length * PER_ACCOUNT);
    expect(
      await count(
        "select count(*)::int as count from webhook_deliveries where account_id = 'acct_a' and status = 'pending'",
      ),
    ).toBe(ENDPOINTS_OF_A * BACKLOG_OF_A);
    expect(
      await count(
        `select count(*)::int as count from webhook_attempts a
         join webhook_deliveries d on d.id = a.delivery_id where d.account_id = 'acct_a'`,
      ),
    ).toBe(0);
    expect(new Set(fast.calls.map((call) => call.headers['webhook-id'])).size).toBe(DELIVERIES_OF_B);
  }, 60_000);

  it("shares slots per tenant: A's live endpoint is served while A's test endpoints hold all A's test share", async () => {
    const live = await startReceiver();
    try {
      await instances[0].handlers.register({
        context: { ...context('acct_a'), keyMode: 'live' },
        payload: { url: live.url },
      });
      await notify('acct_a', DELIVERIES_OF_B, 'live');

      await eventually(async () => (live.calls.length >= DELIVERIES_OF_B ? true : undefined), 30_000);
      expect(live.calls.map((call) => JSON.parse(call.body).mode)).toEqual(
        Array.from({ length: DELIVERIES_OF_B }, () => 'live'),
      );
      const hanging = blackHoles.reduce((sum, blackHole) => sum + blackHole.hanging.length, 0);
      expect(hanging).toBeLessThanOrEqual(instances.length * PER_ACCOUNT);
    } finally {
      await live.close();
    }
  }, 60_000);
});
