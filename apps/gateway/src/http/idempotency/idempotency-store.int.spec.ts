import type { SqlClient } from '@shipping/event-store';
import { DEFAULT_GATEWAY_HTTP_CONFIG } from '../gateway-http-config';
import { STARTUP_TIMEOUT_MS } from '../testing/http-test-app';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { CLAIM_LEASE_MS } from '@shipping/platform/idempotency';
import { RetentionJob } from '@shipping/platform/retention';
import { gatewayIdempotencyRetention, IdempotencyStore } from './idempotency-store';

const backends = sqlBackends<SqlClient>('gateway_idempotency', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});
const config = { ...DEFAULT_GATEWAY_HTTP_CONFIG, idempotencyTtlHours: 24 };

describe.each(backends)('IdempotencyStore on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let store: IdempotencyStore;
  let keys = 0;
  const t0 = new Date('2030-01-01T00:00:00Z');
  const hoursLater = (hours: number) => new Date(t0.getTime() + hours * 3_600_000);
  const freshScope = () => ({ accountId: 'acct_acme', mode: 'test' as const, key: `k-${++keys}` });

  beforeAll(async () => {
    db = await backend.open();
    store = new IdempotencyStore(db.client(), config);
    await store.onModuleInit();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => db?.close());

  /** Gateway instances racing for one key: on the server each with a pool of its own. */
  const instances = async (count: number) =>
    Promise.all(
      Array.from({ length: count }, async () => {
        if (!backend.concurrent) return store;
        const other = new IdempotencyStore(db.client(), config);
        await other.onModuleInit();
        return other;
      }),
    );

  it('gives a key to one of the requests that claim it at once', async () => {
    const scope = freshScope();
    const claims = await Promise.all((await instances(6)).map((one) => one.claim(scope, 'hash-a', t0)));
    expect(claims.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
  });

  it('keeps one Idempotency-Key of each mode apart: a live request is not the test one', async () => {
    const test = freshScope();
    const live = { ...test, mode: 'live' as const };
    expect(await store.claim(test, 'hash-a', t0)).toEqual({ outcome: 'claimed' });
    await store.complete(test, 201, { success: true, data: { id: 'test' } });
    expect(await store.claim(live, 'hash-b', t0)).toEqual({ outcome: 'claimed' });
    await store.complete(live, 201, { success: true, data: { id: 'live' } });
    expect(await store.claim(test, 'hash-a', t0)).toMatchObject({ body: { data: { id: 'test' } } });
    expect(await store.claim(live, 'hash-b', t0)).toMatchObject({ body: { data: { id: 'live' } } });
  });

  it('creates its table idempotently', async () => {
    await expect(store.onModuleInit()).resolves.toBeUndefined();
  });

  it('claims a new key, then reports it in progress, then completed with the stored answer', async () => {
    const scope = freshScope();
    expect(await store.claim(scope, 'hash-a', t0)).toEqual({ outcome: 'claimed' });
    expect(await store.claim(scope, 'hash-a', t0)).toEqual({ outcome: 'in_progress' });
    await store.complete(scope, 201, { success: true, data: { id: 1 } });
    expect(await store.claim(scope, 'hash-a', t0)).toEqual({
      outcome: 'completed',
      status: 201,
      body: { success: true, data: { id: 1 } },
    });
  });

  it('reports another request under the same key as a mismatch', async () => {
    const scope = freshScope();
    await store.claim(scope, 'hash-a', t0);
    expect(await store.claim(scope, 'hash-b', t0)).toEqual({ outcome: 'mismatch' });
  });

  it('lets a released key be claimed again', async () => {
    const scope = freshScope();
    await store.claim(scope, 'hash-a', t0);
    await store.release(scope);
    expect(await store.claim(scope, 'hash-a', t0)).toEqual({ outcome: 'claimed' });
  });

  it('does not release a completed key', async () => {
    const scope = freshScope();
    await store.claim(scope, 'hash-a', t0);
    await store.complete(scope, 201, { success: true });
    await store.release(scope);
    expect(await store.claim(scope, 'hash-a', t0)).toMatchObject({ outcome: 'completed' });
  });

  it('keeps a key for the TTL, then lets it be claimed for any request', async () => {
    const scope = freshScope();
    await store.claim(scope, 'hash-a', t0);
    await store.complete(scope, 201, { success: true });
    expect(await store.claim(scope, 'hash-b', hoursLater(23.9))).toEqual({ outcome: 'mismatch' });
    expect(await store.claim(scope, 'hash-b', hoursLater(24))).toEqual({ outcome: 'claimed' });
  });

  it('lets a retry take over an unsettled claim once its lease ran out, as after a crash', async () => {
    const scope = freshScope();
    await store.claim(scope, 'hash-a', t0);
    const leaseLater = (ms: number) => new Date(t0.getTime() + CLAIM_LEASE_MS + ms);
    expect(await store.claim(scope, 'hash-a', leaseLater(-1))).toEqual({ outcome: 'in_progress' });
    expect(await store.claim(scope, 'hash-b', leaseLater(0))).toEqual({ outcome: 'mismatch' });
    expect(await store.claim(scope, 'hash-a', leaseLater(0))).toEqual({ outcome: 'claimed' });
  });

  it('lets a retry take over an unsettled claim after the lease the gateway was given (IDEMPOTENCY_CLAIM_LEASE_MS)', async () => {
    const leaseMs = 15_000;
    const shortLease = new IdempotencyStore(db.client(), config, leaseMs);
    const scope = freshScope();
    await shortLease.claim(scope, 'hash-a', t0);
    const leaseLater = (ms: number) => new Date(t0.getTime() + leaseMs + ms);
    expect(await shortLease.claim(scope, 'hash-a', leaseLater(-1))).toEqual({ outcome: 'in_progress' });
    expect(await shortLease.claim(scope, 'hash-a', leaseLater(0))).toEqual({ outcome: 'claimed' });
  });

  it('matches a kept fingerprint by any one a request brings, keeps the first, and takes over a lapsed claim under the first', async () => {
    const scope = freshScope();
    expect(await store.claim(scope, ['old-key.f', 'plain-f'], t0)).toEqual({ outcome: 'claimed' });
    const rotated = ['new-key.f', 'old-key.f', 'plain-f'];
    expect(await store.claim(scope, rotated, t0)).toEqual({ outcome: 'in_progress' });
    expect(await store.claim(scope, ['new-key.g', 'old-key.g'], t0)).toEqual({ outcome: 'mismatch' });
    const leaseLater = new Date(t0.getTime() + CLAIM_LEASE_MS);
    expect(await store.claim(scope, ['new-key.g', 'old-key.g'], leaseLater)).toEqual({ outcome: 'mismatch' });
    expect(await store.claim(scope, rotated, leaseLater)).toEqual({ outcome: 'claimed' });
    expect(await store.claim(scope, ['old-key.f'], leaseLater)).toEqual({ outcome: 'mismatch' });
    await store.complete(scope, 201, { success: true });
    expect(await store.claim(scope, ['newer-key.f', 'new-key.f'], leaseLater)).toMatchObject({
      outcome: 'completed',
    });
  });

  it('never takes over a settled key when a lease would have run out', async () => {
    const scope = freshScope();
    await store.claim(scope, 'hash-a', t0);
    await store.complete(scope, 201, { success: true });
    expect(await store.claim(scope, 'hash-a', hoursLater(1))).toMatchObject({ outcome: 'completed' });
  });

  it('loses expired keys to the retention job, and keeps the live ones', async () => {
    const old = { accountId: 'acct_sweep', mode: 'test' as const, key: 'old' };
    const recent = { accountId: 'acct_sweep', mode: 'test' as const, key: 'recent' };
    await store.claim(old, 'hash-a', hoursLater(100));
    await store.claim(recent, 'hash-a', hoursLater(110));
    const job = new RetentionJob(
      db.client(),
      { now: () => hoursLater(125) },
      [gatewayIdempotencyRetention()],
      {
        batchSize: 1,
        intervalMs: 3_600_000,
      },
    );
    await job.pruneOnce();
    const { rows } = await db
      .client()
      .query<{ idempotency_key: string }>(
        `select idempotency_key from gateway_idempotency_keys where account_id = 'acct_sweep'`,
      );
    expect(rows).toEqual([{ idempotency_key: 'recent' }]);
  });
});
