import { AppError } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { LeaseLost } from '@shipping/platform/leases';
import { createTestDatabase, eventually, type TestDatabase } from '@shipping/testing';
import { InstantShipKeys, KEY_REUSED_MESSAGE } from './instant-ship-keys';
import { PendingShipments } from './pending-shipments';

/** On PostgreSQL with several connections, so concurrent binds and claims really overlap. */
describe('instant ship keys and finisher claims', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let keys: InstantShipKeys;
  let pending: PendingShipments;
  let next = 0;
  const key = (requestHash = 'hash-a') => ({
    accountId: 'acct_acme',
    mode: 'test' as const,
    idempotencyKey: `key-${++next}`,
    requestHash,
  });
  const shipment = (id: number, mode: 'test' | 'live' = 'test') => ({
    shipment_order_id: id,
    account_id: 'acct_acme',
    mode,
    correlation_id: 'req-1',
  });

  beforeAll(async () => {
    database = await createTestDatabase('instant_ship_claims');
    sql = createPgSqlClient(database.url, { max: 8 });
    keys = new InstantShipKeys(sql);
    pending = new PendingShipments(sql);
    await keys.onModuleInit();
    await pending.onModuleInit();
  }, 60_000);

  afterAll(async () => {
    await sql?.close();
    await database?.drop();
  });

  it('binds a key to the first shipment id offered, for every later attempt with the same request', async () => {
    const first = key();
    expect(await keys.bind(first, 101)).toBe(101);
    expect(await keys.bind(first, 102)).toBe(101);
    expect(await keys.bind({ ...first, accountId: 'acct_tiny' }, 103)).toBe(103);
  });

  it('binds one Idempotency-Key in each mode to a shipment of its own, each with its own request', async () => {
    const test = key('hash-a');
    const live = { ...test, mode: 'live' as const, requestHash: 'hash-b' };
    expect(await keys.bind(test, 111)).toBe(111);
    expect(await keys.bind(live, 112)).toBe(112);
    expect(await keys.bind(live, 113)).toBe(112);
    expect(await keys.bind(test, 114)).toBe(111);
  });

  it('keeps the mode of a pending shipment for whoever finishes it', async () => {
    await pending.claim(shipment(551, 'live'), 'finisher');
    const { rows } = await sql.query<{ mode: string }>(
      'select mode from order_instant_ship_pending where shipment_order_id = 551',
    );
    expect(rows).toEqual([{ mode: 'live' }]);
  });

  it('binds one shipment when 20 attempts with one key arrive at once', async () => {
    const raced = key();
    const bound = await Promise.all(Array.from({ length: 20 }, (_, index) => keys.bind(raced, 200 + index)));
    expect(new Set(bound).size).toBe(1);
  });

  it('refuses the key with another request (422), and binds it anew once it expired', async () => {
    const used = key('hash-a');
    const t0 = new Date('2030-01-01T00:00:00Z');
    await keys.bind(used, 301, t0);
    const reused = keys.bind({ ...used, requestHash: 'hash-b' }, 302, t0);
    await expect(reused).rejects.toEqual(new AppError('validation_failed', KEY_REUSED_MESSAGE));
    const dayLater = new Date(t0.getTime() + 24 * 3_600_000);
    expect(await keys.bind({ ...used, requestHash: 'hash-b' }, 303, dayLater)).toBe(303);
  });

  it('lets one finisher at a time hold a shipment; a released one is taken at once, under a greater token', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) => pending.claim(shipment(401), `finisher-${index}`)),
    );
    const leases = claims.filter((lease) => lease !== undefined);
    expect(leases).toHaveLength(1);
    expect(await pending.claim(shipment(401), 'another')).toBeUndefined();
    expect(await pending.unheld()).not.toContainEqual(shipment(401));

    await pending.leases.release(leases[0]);
    expect(await pending.unheld()).toContainEqual(shipment(401));
    const retry = await pending.claim(shipment(401), 'a-retry');
    expect(BigInt(retry?.token ?? 0)).toBeGreaterThan(BigInt(leases[0].token));
  });

  it("takes a shipment over once its lease ran out by the database's clock, and refuses the old token from then on", async () => {
    const shortLeases = new PendingShipments(sql, 200);
    const died = await shortLeases.claim(shipment(501), 'died');
    if (!died) throw new Error('the first claim was refused');
    expect(await shortLeases.claim(shipment(501), 'recovery')).toBeUndefined();

    const recovery = await eventually(() => shortLeases.claim(shipment(501), 'recovery'));
    expect(await shortLeases.leases.renew(died)).toBe(false);
    await expect(shortLeases.leases.check(died)).rejects.toBeInstanceOf(LeaseLost);
    expect(await shortLeases.leases.remove(died)).toBe(false);
    expect(await shortLeases.leases.renew(recovery)).toBe(true);
    expect(await shortLeases.leases.remove(recovery)).toBe(true);
    expect((await pending.unheld()).map((row) => row.shipment_order_id)).not.toContain(501);
  });
});
