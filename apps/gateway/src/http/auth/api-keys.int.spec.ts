import { Logger } from '@nestjs/common';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { apiKeyStreamName } from '@shipping/accounts-domain';
import { SystemClock } from '@shipping/platform/clock';
import { startSubscriber, StoredEventFeed } from '@shipping/platform/subscriptions';
import { createTestDatabase, eventually, type TestDatabase } from '@shipping/testing';
import { apiKeyDigest, StoredApiKeyDirectory } from './api-key-directory';
import { ApiKeyProjection } from './api-key-projection';
import { generateApiKey, newKeyId } from './api-key-secrets';
import { ApiKeys } from './api-keys';

const account = { id: 'acct_globex', name: 'Globex' };
const change = { correlationId: 'keys-spec', actor: 'adm_spec' };
const HOUR_MS = 3_600_000;

/** One gateway instance as far as keys go: its own pool, store, key cache and subscriptions. */
async function gateway(url: string, sandboxKeys = true, { projection = true } = {}) {
  const sql = createPgSqlClient(url, { max: 4 });
  const store = new PostgresEventStore(sql);
  await store.init();
  // Found keys are kept for an hour: only the revocation event can drop them sooner.
  const directory = new StoredApiKeyDirectory(sql, { sandboxKeys, maxAgeMs: HOUR_MS });
  const keys = new ApiKeys(sql, store, directory, new SystemClock());
  await keys.onModuleInit();
  const feed = new StoredEventFeed(sql, store);
  const subscriptions = await Promise.all([
    ...(projection ? [startSubscriber(feed, new ApiKeyProjection(sql))] : []),
    startSubscriber(feed, directory),
  ]);
  const stop = async () => {
    await Promise.all(subscriptions.map((subscription) => subscription.stop()));
  };
  return {
    sql,
    store,
    directory,
    keys,
    stop,
    find: (key: string) => directory.findAccount(apiKeyDigest(key)),
  };
}

describe('API keys on two gateway instances over one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: Awaited<ReturnType<typeof gateway>>;
  let b: Awaited<ReturnType<typeof gateway>>;

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(async () => {
    database = await createTestDatabase('api_keys');
    a = await gateway(database.url);
    b = await gateway(database.url);
  }, 60_000);

  afterEach(async () => {
    for (const instance of [a, b]) {
      await instance?.stop();
      await instance?.store.close();
    }
    await database.drop();
  });

  const setRevokedBehindTheCache = (sql: SqlClient, keyId: string, revoked: boolean) =>
    sql.query('update gateway_api_keys set revoked_at = $2 where key_id = $1', [
      keyId,
      revoked ? new Date().toISOString() : null,
    ]);

  it('issues keys of 32 random bytes, shown once and stored only as a digest, prefix and last four', async () => {
    const live = await a.keys.issue(account, 'live', change);
    const test = await a.keys.issue(account, 'test', change);
    expect(live.key).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(live.key.slice('sk_live_'.length), 'base64url')).toHaveLength(32);
    expect(test.key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    expect(live).toMatchObject({ prefix: 'sk_live_', last4: live.key.slice(-4), revoked_at: null });

    const events = await a.store.readStream(apiKeyStreamName(account.id));
    const { rows } = await a.sql.query('select * from gateway_api_keys where account_id = $1', [account.id]);
    for (const stored of [JSON.stringify(events.map((event) => event.data)), JSON.stringify(rows)]) {
      expect(stored).not.toContain(live.key);
      expect(stored).toContain(apiKeyDigest(live.key).toString('hex'));
    }
    expect(await a.keys.list(account.id)).toEqual([
      expect.not.objectContaining({ key: expect.anything() }),
      expect.not.objectContaining({ key: expect.anything() }),
    ]);
  });

  it("answers each key's account with the key's mode, which the request context carries", async () => {
    const live = await a.keys.issue(account, 'live', change);
    const test = await a.keys.issue(account, 'test', change);
    expect(await b.find(live.key)).toEqual({ accountId: account.id, name: account.name, mode: 'live' });
    expect(await b.find(test.key)).toEqual({ accountId: account.id, name: account.name, mode: 'test' });
  });

  it('refuses a key revoked on one instance on the other, by the event, while its other keys work', async () => {
    const first = await a.keys.issue(account, 'live', change);
    const second = await a.keys.issue(account, 'live', change);
    const globex = { accountId: account.id, name: account.name, mode: 'live' };
    // A key issued on A opens the account on B at once: B never refused it, so remembers nothing of it.
    expect(await b.find(first.key)).toEqual(globex);
    expect(await b.find(second.key)).toEqual(globex);

    // B answers from its cache: a revocation written behind its back goes unseen.
    await setRevokedBehindTheCache(a.sql, first.id, true);
    expect(await b.find(first.key)).toEqual(globex);
    await setRevokedBehindTheCache(a.sql, first.id, false);

    await a.keys.revoke(account.id, first.id, change);
    expect(await a.find(first.key)).toBeUndefined();
    await eventually(async () => ((await b.find(first.key)) === undefined ? true : undefined), 5_000);
    expect(await b.find(second.key)).toEqual(globex);
    expect(await a.find(second.key)).toEqual(globex);
  }, 30_000);

  it('opens the account with a key another instance refused before it was issued, once it sees the issue', async () => {
    const material = generateApiKey('live');
    const refusedBefore = await b.find(material.key);
    const issue = a.keys['issueWith'].bind(a.keys);
    await issue(account, 'live', material, newKeyId(), change, false);

    expect(refusedBefore).toBeUndefined();
    expect(await a.find(material.key)).toEqual({ accountId: account.id, name: account.name, mode: 'live' });
    await eventually(() => b.find(material.key));
    // Revoked, it stays refused on both, whatever either remembered of it.
    const [{ id }] = (await a.keys.list(account.id)).filter((key) => key.last4 === material.last4);
    await a.keys.revoke(account.id, id, change);
    await eventually(async () => ((await b.find(material.key)) === undefined ? true : undefined), 5_000);
    expect(await a.find(material.key)).toBeUndefined();
  }, 30_000);

  it('repairs the table from the events when an instance wrote the event but not the row', async () => {
    const key = await a.keys.issue(account, 'live', change);
    await a.keys.revoke(account.id, key.id, change);
    await setRevokedBehindTheCache(a.sql, key.id, false);
    const c = await gateway(database.url);
    try {
      await c.store.appendToStream(apiKeyStreamName(account.id), [
        {
          type: 'ApiKeyRevoked',
          data: { account_id: account.id, key_id: key.id, at: new Date().toISOString() },
        },
      ]);
      await eventually(async () => ((await b.find(key.key)) === undefined ? true : undefined), 5_000);
    } finally {
      await c.stop();
      await c.store.close();
    }
  }, 30_000);

  it('lets the sandbox keys open their accounts only while SANDBOX_API_KEYS is true', async () => {
    expect(await a.find('sk_test_acme')).toEqual({ accountId: 'acct_acme', name: 'Acme', mode: 'test' });
    const production = await gateway(database.url, false);
    try {
      expect(await production.find('sk_test_acme')).toBeUndefined();
    } finally {
      await production.stop();
      await production.store.close();
    }
  });
});

describe('a revocation on PostgreSQL when one of its writes fails', () => {
  let database: TestDatabase;
  let instances: Awaited<ReturnType<typeof gateway>>[];

  beforeAll(() => Logger.overrideLogger(false));

  beforeEach(async () => {
    database = await createTestDatabase('api_key_revocation');
    instances = [];
  }, 60_000);

  afterEach(async () => {
    for (const instance of instances) {
      await instance.stop();
      await instance.store.close();
    }
    await database.drop();
  });

  it('revokes the key when the admin retries a revocation whose row failed, with no projection to catch up', async () => {
    const lone = await gateway(database.url, true, { projection: false });
    instances.push(lone);
    const key = await lone.keys.issue(account, 'live', change);
    expect(await lone.find(key.key)).toEqual({ accountId: account.id, name: account.name, mode: 'live' });
    // Writing the revoked row fails; no projection would make good a revocation event left unprojected.
    await lone.sql.query(`create function refuse_revocations() returns trigger language plpgsql as $$
        begin if new.revoked_at is not null then raise exception 'row write failed'; end if; return new; end $$`);
    await lone.sql.query(`create trigger refuse_revocations before update on gateway_api_keys
        for each row execute function refuse_revocations()`);
    await expect(lone.keys.revoke(account.id, key.id, change)).rejects.toThrow('row write failed');
    await lone.sql.query('drop trigger refuse_revocations on gateway_api_keys');
    // Never a revocation on record while the key still opens the account.
    const appended = (await lone.store.readStream(apiKeyStreamName(account.id))).some(
      (event) => event.type === 'ApiKeyRevoked',
    );
    expect({ appended, works: (await lone.find(key.key)) !== undefined }).not.toEqual({
      appended: true,
      works: true,
    });

    const retried = await lone.keys.revoke(account.id, key.id, change);
    expect(retried.revoked_at).not.toBeNull();
    expect(await lone.find(key.key)).toBeUndefined();
  }, 30_000);

  it('refuses the key at once when the revocation event cannot be appended, and the retry records the same time', async () => {
    const lone = await gateway(database.url, true, { projection: false });
    instances.push(lone);
    const key = await lone.keys.issue(account, 'live', change);
    expect(await lone.find(key.key)).toBeDefined();
    await lone.sql.query(`create function refuse_revoked_events() returns trigger language plpgsql as $$
        begin if new.event_type = 'ApiKeyRevoked' then raise exception 'append failed'; end if; return new; end $$`);
    await lone.sql.query(`create trigger refuse_revoked_events before insert on event_store.events
        for each row execute function refuse_revoked_events()`);
    await expect(lone.keys.revoke(account.id, key.id, change)).rejects.toThrow('append failed');
    await lone.sql.query('drop trigger refuse_revoked_events on event_store.events');
    // Another instance, which never saw the key, is refused it from the table alone.
    const other = await gateway(database.url, true, { projection: false });
    instances.push(other);
    expect(await other.find(key.key)).toBeUndefined();

    const retried = await lone.keys.revoke(account.id, key.id, change);
    const revocations = (await lone.store.readStream(apiKeyStreamName(account.id))).filter(
      (event) => event.type === 'ApiKeyRevoked',
    );
    expect(revocations.map((event) => (event.data as { at: string }).at)).toEqual([retried.revoked_at]);
    expect(await lone.find(key.key)).toBeUndefined();
  }, 30_000);
});
