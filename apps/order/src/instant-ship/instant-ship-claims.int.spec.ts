import { AppError } from '@shipping/contracts';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { InstantShipKeys, KEY_REUSED_MESSAGE } from './instant-ship-keys';
import { PendingShipments, SHIPMENT_LEASE_MS } from './pending-shipments';

/** On PostgreSQL with several connections, so concurrent binds and claims really overlap. */
describe('instant ship keys and finisher claims', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let keys: InstantShipKeys;
  let pending: PendingShipments;
  let next = 0;
  const key = (requestHash = 'hash-a') => ({
    accountId: 'acct_acme',
    idempotencyKey: `key-${++next}`,
    requestHash,
  });
  const shipment = (id: number) => ({
    shipment_order_id: id,
    account_id: 'acct_acme',
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

  it('lets one finisher at a time hold a shipment; its holder keeps it, a released one is taken at once', async () => {
    const claims = await Promise.all(
      Array.from({ length: 10 }, (_, index) => pending.claim(shipment(401), `finisher-${index}`)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    const holder = `finisher-${claims.indexOf(true)}`;
    expect(await pending.claim(shipment(401), holder)).toBe(true);
    expect(await pending.unheld()).not.toContainEqual(shipment(401));

    await pending.release(401, holder);
    expect(await pending.unheld()).toContainEqual(shipment(401));
    expect(await pending.claim(shipment(401), 'a-retry')).toBe(true);
  });

  it('takes a shipment over from a finisher that died once its lease ran out, unless renewed', async () => {
    const t0 = new Date();
    await pending.claim(shipment(501), 'died', t0);
    const later = (ms: number) => new Date(t0.getTime() + ms);
    expect(await pending.claim(shipment(501), 'recovery', later(SHIPMENT_LEASE_MS - 1))).toBe(false);
    expect(await pending.claim(shipment(501), 'recovery', later(SHIPMENT_LEASE_MS))).toBe(true);

    await pending.claim(shipment(502), 'alive', t0);
    await pending.renew(502, 'alive', later(SHIPMENT_LEASE_MS - 1));
    expect(await pending.claim(shipment(502), 'recovery', later(SHIPMENT_LEASE_MS))).toBe(false);

    await pending.remove(501);
    expect(
      (await pending.unheld(later(10 * SHIPMENT_LEASE_MS))).map((row) => row.shipment_order_id),
    ).not.toContain(501);
  });
});
