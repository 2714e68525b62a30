import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { RetentionJob } from '@shipping/platform/retention';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { PickupRequestKeys, pickupRequestKeysRetention } from './pickup-request-keys';

const backends = sqlBackends<SqlClient>('pickup_request_keys', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 3 }),
});

const HOUR = 3_600_000;
const t0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const test = { accountId: 'acct_a', mode: 'test' } as const;
const live = { accountId: 'acct_a', mode: 'live' } as const;

describe.each(backends)('pickups bound to their Idempotency-Key on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let keys: PickupRequestKeys;
  let next = 100;
  const newId = async () => ++next;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    keys = new PickupRequestKeys(sql, 24 * HOUR);
    await keys.onModuleInit();
  }, 60_000);
  afterAll(() => db?.close());

  it('answers every attempt with the key the pickup of the first, and concurrent first attempts one pickup', async () => {
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () => keys.bind(live, 'k-retry', 'h', newId, t0)),
    );
    expect(new Set(attempts).size).toBe(1);
    expect(await keys.bind(live, 'k-retry', 'h', newId, later(HOUR))).toBe(attempts[0]);
  });

  it('keeps the modes apart: one key in each mode is two pickups', async () => {
    const inLive = await keys.bind(live, 'k-both', 'h', newId, t0);
    const inTest = await keys.bind(test, 'k-both', 'h', newId, t0);
    expect(inTest).not.toBe(inLive);
  });

  it('refuses the key with another request, as the gateway does', async () => {
    await keys.bind(live, 'k-other', 'h1', newId, t0);
    await expect(keys.bind(live, 'k-other', 'h2', newId, t0)).rejects.toMatchObject({
      code: 'validation_failed',
      message: 'This Idempotency-Key was already used with a different request.',
    });
  });

  it('forgets an expired binding, which the retention job deletes', async () => {
    const first = await keys.bind(live, 'k-expired', 'h', newId, t0);
    const job = new RetentionJob(sql, { now: () => later(25 * HOUR) }, [pickupRequestKeysRetention()], {
      batchSize: 100,
      intervalMs: HOUR,
    });
    expect((await job.pruneOnce())['pickup_request_keys']).toBeGreaterThanOrEqual(1);
    expect(await keys.bind(live, 'k-expired', 'h', newId, later(25 * HOUR))).not.toBe(first);
  });
});
