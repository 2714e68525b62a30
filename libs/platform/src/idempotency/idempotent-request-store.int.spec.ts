import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { type SqlClient } from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { RetentionJob } from '../retention/retention-job';
import { SHORTEST_CLAIM_LEASE_MS } from './claim-lease-config';
import { CLAIM_LEASE_MS } from './claim-lease-store';
import { IdempotentRequestStore } from './idempotent-request-store';
import { idempotentRequestsRetention } from './idempotent-requests.retention';

const backends = sqlBackends<SqlClient>('idempotent_requests', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});

describe.each(backends)('the commands an app has done, by Idempotency-Key, on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let store: IdempotentRequestStore;
  let keys = 0;
  const t0 = new Date('2030-01-01T00:00:00Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);
  const request = (pattern = 'batch.create', payloadHash = 'hash-a') => ({
    accountId: 'acct_acme',
    mode: 'test' as const,
    key: `k-${++keys}`,
    pattern,
    payloadHash,
  });

  beforeAll(async () => {
    db = await backend.open();
    store = new IdempotentRequestStore(db.client());
  }, 60_000);
  afterAll(() => db?.close());

  /** Instances of the app racing for one key: on the server each with a pool of its own. */
  const instances = async (count: number) => {
    const started = Array.from({ length: count }, () =>
      backend.concurrent ? new IdempotentRequestStore(db.client()) : store,
    );
    // Each instance has been serving for a while (its table made): the race is for the key.
    for (const instance of started) await instance.claim(request(), t0);
    return started;
  };

  it('gives a key to one of the attempts that claim it at once', async () => {
    const raced = request();
    const claims = await Promise.all((await instances(6)).map((instance) => instance.claim(raced, t0)));
    expect(claims.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim.outcome === 'in_progress')).toHaveLength(5);
  });

  it('gives a dead claim to one of the retries that take it over at once', async () => {
    const orphan = request();
    await store.claim(orphan, t0);
    const takeovers = await Promise.all(
      (await instances(6)).map((instance) => instance.claim(orphan, later(CLAIM_LEASE_MS))),
    );
    expect(takeovers.filter((claim) => claim.outcome === 'claimed')).toHaveLength(1);
  });

  it('lets one attempt claim a command, holds the others off while it runs, then answers them its outcome', async () => {
    const first = request();
    expect(await store.claim(first, t0)).toEqual({ outcome: 'claimed' });
    expect(await store.claim(first, t0)).toEqual({ outcome: 'in_progress' });

    await store.settle(first, { reply: { id: 'b-1' } });
    expect(await store.claim(first, t0)).toEqual({ outcome: 'settled', settled: { reply: { id: 'b-1' } } });
  });

  it('does a command once in each mode under one Idempotency-Key', async () => {
    const test = request();
    const live = { ...test, mode: 'live' as const };
    expect(await store.claim(test, t0)).toEqual({ outcome: 'claimed' });
    await store.settle(test, { reply: { id: 'test' } });
    expect(await store.claim(live, t0)).toEqual({ outcome: 'claimed' });
    await store.settle(live, { reply: { id: 'live' } });
    expect(await store.claim(live, t0)).toEqual({ outcome: 'settled', settled: { reply: { id: 'live' } } });
    expect(await store.claim(test, t0)).toEqual({ outcome: 'settled', settled: { reply: { id: 'test' } } });
  });

  it('keeps a domain refusal as the outcome, and forgets an attempt released after a passing failure', async () => {
    const refused = request();
    await store.claim(refused, t0);
    await store.settle(refused, { error: { code: 'insufficient_credit', message: 'Not enough credit.' } });
    expect(await store.claim(refused, t0)).toEqual({
      outcome: 'settled',
      settled: { error: { code: 'insufficient_credit', message: 'Not enough credit.' } },
    });

    const failed = request();
    await store.claim(failed, t0);
    await store.release(failed);
    expect(await store.claim(failed, t0)).toEqual({ outcome: 'claimed' });
  });

  it('tells apart commands of one key by pattern and payload', async () => {
    const create = request('batch.create', 'hash-a');
    await store.claim(create, t0);
    expect(await store.claim({ ...create, pattern: 'batch.ship' }, t0)).toEqual({ outcome: 'claimed' });
    expect(await store.claim({ ...create, payloadHash: 'hash-b' }, t0)).toEqual({ outcome: 'claimed' });
  });

  it('lets a retry take over a claim whose process died, once its lease ran out, never a settled one', async () => {
    const orphan = request();
    await store.claim(orphan, t0);
    expect(await store.claim(orphan, later(CLAIM_LEASE_MS - 1))).toEqual({
      outcome: 'in_progress',
    });
    expect(await store.claim(orphan, later(CLAIM_LEASE_MS))).toEqual({ outcome: 'claimed' });

    await store.settle(orphan, { reply: null });
    expect(await store.claim(orphan, later(10 * CLAIM_LEASE_MS))).toMatchObject({
      outcome: 'settled',
    });
  });

  it('lets a retry take over a dead claim after the lease it was given (IDEMPOTENCY_CLAIM_LEASE_MS), to the millisecond', async () => {
    const leaseMs = SHORTEST_CLAIM_LEASE_MS;
    const shortLease = new IdempotentRequestStore(db.client(), 24 * 3_600_000, leaseMs);
    const orphan = request();
    expect(await shortLease.claim(orphan, t0)).toEqual({ outcome: 'claimed' });
    expect(await shortLease.claim(orphan, later(leaseMs - 1))).toEqual({ outcome: 'in_progress' });
    expect(await shortLease.claim(orphan, later(leaseMs))).toEqual({ outcome: 'claimed' });
    // The retry's claim holds the key for a lease of its own from when it was taken.
    expect(await shortLease.claim(orphan, later(2 * leaseMs - 1))).toEqual({ outcome: 'in_progress' });
  });

  it('loses the requests whose key expired to the retention job, and keeps those still within their time', async () => {
    const hour = 3_600_000;
    const expired = request();
    const live = request();
    await store.claim(expired, t0);
    await store.settle(expired, { reply: 'first' });
    await store.claim(live, later(hour));
    await store.settle(live, { reply: 'second' });

    const job = new RetentionJob(
      db.client(),
      { now: () => later(24 * hour) },
      [idempotentRequestsRetention()],
      {
        batchSize: 2,
        intervalMs: hour,
      },
    );
    expect((await job.pruneOnce()).idempotent_requests).toBeGreaterThanOrEqual(1);
    const { rows } = await db
      .client()
      .query<{ idempotency_key: string }>(
        'select idempotency_key from idempotent_requests where idempotency_key = any($1)',
        [[expired.key, live.key]],
      );
    expect(rows).toEqual([{ idempotency_key: live.key }]);
    expect(await store.claim(live, later(24 * hour))).toMatchObject({ outcome: 'settled' });
  });

  it('answers a late retry within IDEMPOTENCY_TTL_HOURS its first outcome rather than running the command again', async () => {
    const hour = 3_600_000;
    const longer = new IdempotentRequestStore(db.client(), 48 * hour);
    const create = request();
    expect(await longer.claim(create, t0)).toEqual({ outcome: 'claimed' });
    await longer.settle(create, { reply: { batch_id: 'b-1' } });

    expect(await longer.claim(create, later(30 * hour))).toEqual({
      outcome: 'settled',
      settled: { reply: { batch_id: 'b-1' } },
    });
    expect(await longer.claim(create, later(48 * hour))).toEqual({ outcome: 'claimed' });
  });
});
