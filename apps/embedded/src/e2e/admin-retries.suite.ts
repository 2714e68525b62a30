import { Client } from 'pg';
import { type components, type ShippingClient, unwrap } from '@shipping/client';
import { IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@shipping/contracts';
import { SANDBOX_ADMIN_API_KEY } from '@shipping/platform/config';
import { eventually, type RuntimeProcess, testClient } from '@shipping/testing';

const HOLD_LOCK = 7_300_811;

type Credit = components['schemas']['AddCreditRequest'];

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

/**
 * Admin requests retried with the same Idempotency-Key, on the embedded runtime over PostgreSQL,
 * under the sandbox admin key. Each test opens an account of its own and reads only its rows and
 * its Idempotency-Key's; the ledger's appends are held only while one of its credits answers 503.
 */
export const adminRetriesSuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('admin requests retried with one Idempotency-Key', () => {
    let runtime: RuntimeProcess;
    let admin: ShippingClient;

    beforeAll(() => {
      runtime = runtimeOf();
      admin = testClient(runtime.baseUrl, SANDBOX_ADMIN_API_KEY);
    });

    const openAccount = async (name: string): Promise<string> => {
      const opened = await admin.POST('/admin/accounts', { body: { name, weight_unit: 'KG' } });
      expect(opened.response.status).toBe(201);
      return opened.data!.data.id;
    };

    const addCredit = (accountId: string, body: Credit, idempotencyKey: string) =>
      admin.POST('/admin/accounts/{account_id}/credit', {
        params: { path: { account_id: accountId } },
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
      });

    const balanceOf = async (accountId: string) =>
      unwrap(await admin.GET('/admin/accounts/{account_id}', { params: { path: { account_id: accountId } } }))
        .balance;

    it('shows a new API key once: its replay answers without it, says so, and no table keeps it', async () => {
      const accountId = await openAccount('Initech');
      const createKey = () =>
        admin.POST('/admin/accounts/{account_id}/api-keys', {
          params: { path: { account_id: accountId } },
          body: { mode: 'live' },
          headers: { 'Idempotency-Key': 'key-creation-1' },
        });
      const first = await createKey();
      expect(first.response.status).toBe(201);
      const key = first.data!.data.key!;
      expect(key).toMatch(/^sk_live_/);

      const replay = await createKey();
      expect(replay.response.status).toBe(201);
      expect(replay.response.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.data!.data).toEqual({ ...first.data!.data, key: undefined });
      expect(replay.data!.data).not.toHaveProperty('key');
      expect(replay.data!.message).toMatch(/not shown again/i);
      expect(JSON.stringify(replay.data)).not.toContain(key);

      const stored = await query(databaseUrlOf(), 'select * from gateway_idempotency_keys');
      expect(JSON.stringify(stored)).not.toContain(key.slice('sk_live_'.length));
      expect((await testClient(runtime.baseUrl, key).GET('/account')).response.status).toBe(200);
    }, 60_000);

    /** Holds the ledger's append past the gateway's deadline: the request answers 503. */
    const creditAnswered503 = async (accountId: string, body: Credit, idempotencyKey: string) => {
      const release = await holdLedgerAppends(databaseUrlOf());
      try {
        const { response } = await addCredit(accountId, body, idempotencyKey);
        expect([response.status, response.headers.get('retry-after')]).toEqual([503, '1']);
      } finally {
        await release();
      }
    };

    /** Posts until the answer is not "try again" (503, or 409 while the first attempt runs). */
    const retried = (accountId: string, body: Credit, idempotencyKey: string) =>
      eventually(async () => {
        const answer = await addCredit(accountId, body, idempotencyKey);
        return answer.response.status === 503 || answer.response.status === 409 ? undefined : answer;
      }, 60_000);

    /** Every attempt the ledger took with the key has ended: none is left to add credit later. */
    const attemptsEnded = (idempotencyKey: string) =>
      eventually(async () => {
        const [{ running }] = await query<{ running: number }>(
          databaseUrlOf(),
          `select count(*)::int as running from idempotent_requests where idempotency_key = $1 and outcome is null`,
          [idempotencyKey],
        );
        return running === 0 ? true : undefined;
      }, 30_000);

    const creditsOf = (accountId: string) =>
      query<{ credit_id: string; amount_cents: number }>(
        databaseUrlOf(),
        `select data->>'credit_id' as credit_id, (data->>'amount_cents')::int as amount_cents
       from event_store.events where stream_name = $1 and event_type = 'CreditAdded'`,
        [`ledger-${accountId}`],
      );

    it('refuses a retry after a 503 that carries another amount, and adds the first amount once', async () => {
      const accountId = await openAccount('Pied Piper');
      const idempotencyKey = 'credit-after-503-other-body';

      await creditAnswered503(accountId, { amount: '250.00', reference: 'INV-504' }, idempotencyKey);
      const otherAmount = await retried(
        accountId,
        { amount: '300.00', reference: 'INV-504' },
        idempotencyKey,
      );
      expect({ status: otherAmount.response.status, body: otherAmount.error }).toEqual({
        status: 422,
        body: { success: false, message: IDEMPOTENCY_KEY_REUSED_MESSAGE },
      });
      await attemptsEnded(idempotencyKey);

      const credits = await creditsOf(accountId);
      expect(credits.map(({ amount_cents }) => amount_cents)).toEqual([25_000]);
      expect(await balanceOf(accountId)).toBe('250.00');
    }, 120_000);

    it('adds credit once when the ledger answers past the gateway’s deadline and the client retries', async () => {
      const accountId = await openAccount('Hooli');
      const idempotencyKey = 'credit-after-503';
      const credit = { amount: '250.00', reference: 'INV-503' };

      await creditAnswered503(accountId, credit, idempotencyKey);
      const retry = await retried(accountId, credit, idempotencyKey);
      expect(retry.response.status).toBe(201);
      await attemptsEnded(idempotencyKey);

      const credits = await creditsOf(accountId);
      expect(credits.map(({ credit_id }) => credit_id)).toEqual([retry.data!.data.id]);
      expect(retry.data!.data.balance).toBe('250.00');
      expect(await balanceOf(accountId)).toBe('250.00');
    }, 120_000);
  });
