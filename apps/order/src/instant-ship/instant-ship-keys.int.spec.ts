import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { RetentionJob } from '@shipping/platform/retention';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { InstantShipKeys, instantShipKeysRetention } from './instant-ship-keys';

const backends = sqlBackends<SqlClient>('instant_ship_keys', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 3 }),
});

const HOUR = 3_600_000;
const t0 = new Date('2030-01-01T00:00:00Z');
const later = (ms: number) => new Date(t0.getTime() + ms);

describe.each(backends)("instant ship keys' bindings past their time on $name", (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let keys: InstantShipKeys;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    keys = new InstantShipKeys(sql);
    await keys.onModuleInit();
  }, 60_000);
  afterAll(() => db?.close());

  it('are deleted by the retention job, while the live ones stay bound', async () => {
    const expired = {
      accountId: 'acct_a',
      mode: 'test' as const,
      idempotencyKey: 'k-expired',
      requestHash: 'h',
    };
    const live = { accountId: 'acct_a', mode: 'test' as const, idempotencyKey: 'k-live', requestHash: 'h' };
    await keys.bind(expired, 1, t0);
    await keys.bind(live, 2, later(HOUR));

    const job = new RetentionJob(sql, { now: () => later(24 * HOUR) }, [instantShipKeysRetention()], {
      batchSize: 10,
      intervalMs: HOUR,
    });
    expect(await job.pruneOnce()).toEqual({ order_instant_ship_keys: 1 });
    const { rows } = await sql.query<{ idempotency_key: string }>(
      'select idempotency_key from order_instant_ship_keys',
    );
    expect(rows).toEqual([{ idempotency_key: 'k-live' }]);
    expect(await keys.bind(live, 3, later(24 * HOUR))).toBe(2);
  });

  it('binds a late retry within IDEMPOTENCY_TTL_HOURS to the first shipment, not a second one', async () => {
    const longer = new InstantShipKeys(sql, 48 * HOUR);
    const key = { accountId: 'acct_a', mode: 'test' as const, idempotencyKey: 'k-late', requestHash: 'h' };
    expect(await longer.bind(key, 10, t0)).toBe(10);
    expect(await longer.bind(key, 11, later(30 * HOUR))).toBe(10);
    expect(await longer.bind(key, 12, later(48 * HOUR))).toBe(12);
  });
});
