import { Client } from 'pg';
import {
  apiClient,
  createTestDatabase,
  eventually,
  type RuntimeProcess,
  startRuntime,
  type TestDatabase,
} from '@shipping/testing';

const ADMIN_KEY = 'admin-retries-spec-key-0123456789';
const HOLD_LOCK = 7_300_811;

/** Runs one query on the runtime's database. */
async function query<T extends object>(url: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Holds every append to a ledger stream on an advisory lock the returned client takes: the batch
 * app's reply waits there, past the gateway's deadline, until the test lets it go.
 */
async function holdLedgerAppends(url: string) {
  const holder = new Client({ connectionString: url });
  await holder.connect();
  await holder.query(`select pg_advisory_lock(${HOLD_LOCK})`);
  await holder.query(`create function hold_ledger_appends() returns trigger language plpgsql as $$
    begin if new.stream_name like 'ledger-%' then perform pg_advisory_xact_lock(${HOLD_LOCK}); end if;
    return new; end $$`);
  await holder.query(`create trigger hold_ledger_appends before insert on event_store.events
    for each row execute function hold_ledger_appends()`);
  return async () => {
    await holder.query(`select pg_advisory_unlock(${HOLD_LOCK})`);
    await holder.query('drop trigger hold_ledger_appends on event_store.events');
    await holder.query('drop function hold_ledger_appends()');
    await holder.end();
  };
}

/** Admin requests retried with the same Idempotency-Key, on the embedded runtime over PostgreSQL. */
describe('admin requests retried with one Idempotency-Key', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let admin: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    database = await createTestDatabase('admin_retries');
    runtime = await startRuntime({
      env: {
        STORE: 'postgres',
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_MINUTE: '0',
        ADMIN_API_KEY: ADMIN_KEY,
      },
    });
    admin = apiClient(runtime.baseUrl, ADMIN_KEY);
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  const openAccount = async (name: string): Promise<string> => {
    const opened = await admin.post('/admin/accounts', { name, weight_unit: 'KG' });
    expect(opened.status).toBe(201);
    return opened.body.data.id as string;
  };

  it('shows a new API key once: its replay answers without it, says so, and no table keeps it', async () => {
    const accountId = await openAccount('Initech');
    const path = `/admin/accounts/${accountId}/api-keys`;
    const headers = { 'Idempotency-Key': 'key-creation-1' };
    const first = await admin.post(path, { mode: 'live' }, headers);
    expect(first.status).toBe(201);
    const key = first.body.data.key as string;
    expect(key).toMatch(/^sk_live_/);

    const replay = await admin.post(path, { mode: 'live' }, headers);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.data).toEqual({ ...first.body.data, key: undefined });
    expect(replay.body.data).not.toHaveProperty('key');
    expect(replay.body.message).toMatch(/not shown again/i);
    expect(replay.text).not.toContain(key);

    const stored = await query(database.url, 'select * from gateway_idempotency_keys');
    expect(JSON.stringify(stored)).not.toContain(key.slice('sk_live_'.length));
    expect((await apiClient(runtime.baseUrl, key).get('/account')).status).toBe(200);
  }, 60_000);

  it('adds credit once when the ledger answers past the gateway’s deadline and the client retries', async () => {
    const accountId = await openAccount('Hooli');
    const path = `/admin/accounts/${accountId}/credit`;
    const headers = { 'Idempotency-Key': 'credit-after-503' };
    const credit = { amount: '250.00', reference: 'INV-503' };

    const release = await holdLedgerAppends(database.url);
    let first;
    try {
      first = await admin.post(path, credit, headers);
    } finally {
      await release();
    }
    expect(first.status).toBe(503);

    // The client retries with the same key until it gets an answer that is not "try again".
    const retry = await eventually(async () => {
      const answer = await admin.post(path, credit, headers);
      return answer.status === 503 || answer.status === 409 ? undefined : answer;
    }, 60_000);
    expect(retry.status).toBe(201);
    // Every attempt the ledger took has ended: none is left to add credit later.
    await eventually(async () => {
      const [{ running }] = await query<{ running: number }>(
        database.url,
        `select count(*)::int as running from idempotent_requests where idempotency_key = $1 and outcome is null`,
        [headers['Idempotency-Key']],
      );
      return running === 0 ? true : undefined;
    }, 30_000);

    const credits = await query<{ credit_id: string }>(
      database.url,
      `select data->>'credit_id' as credit_id from event_store.events
       where stream_name = $1 and event_type = 'CreditAdded'`,
      [`ledger-${accountId}`],
    );
    expect(credits).toEqual([{ credit_id: retry.body.data.id }]);
    expect(retry.body.data.balance).toBe('250.00');
    expect((await admin.get(`/admin/accounts/${accountId}`)).body.data.balance).toBe('250.00');
  }, 120_000);
});
