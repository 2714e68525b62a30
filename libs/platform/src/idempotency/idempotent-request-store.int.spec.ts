import { createPgliteSqlClient, type SqlClient } from '@shipping/event-store';
import { IDEMPOTENT_REQUEST_LEASE_MS, IdempotentRequestStore } from './idempotent-request-store';

describe('the commands an app has done, by Idempotency-Key', () => {
  let sql: SqlClient;
  let store: IdempotentRequestStore;
  let keys = 0;
  const t0 = new Date('2030-01-01T00:00:00Z');
  const later = (ms: number) => new Date(t0.getTime() + ms);
  const request = (pattern = 'batch.create', payloadHash = 'hash-a') => ({
    accountId: 'acct_acme',
    key: `k-${++keys}`,
    pattern,
    payloadHash,
  });

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    store = new IdempotentRequestStore(sql);
  }, 60_000);
  afterAll(() => sql?.close());

  it('lets one attempt claim a command, holds the others off while it runs, then answers them its outcome', async () => {
    const first = request();
    expect(await store.claim(first, t0)).toEqual({ outcome: 'claimed' });
    expect(await store.claim(first, t0)).toEqual({ outcome: 'in_progress' });

    await store.settle(first, { reply: { id: 'b-1' } });
    expect(await store.claim(first, t0)).toEqual({ outcome: 'settled', settled: { reply: { id: 'b-1' } } });
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
    expect(await store.claim(orphan, later(IDEMPOTENT_REQUEST_LEASE_MS - 1))).toEqual({
      outcome: 'in_progress',
    });
    expect(await store.claim(orphan, later(IDEMPOTENT_REQUEST_LEASE_MS))).toEqual({ outcome: 'claimed' });

    await store.settle(orphan, { reply: null });
    expect(await store.claim(orphan, later(10 * IDEMPOTENT_REQUEST_LEASE_MS))).toMatchObject({
      outcome: 'settled',
    });
  });
});
