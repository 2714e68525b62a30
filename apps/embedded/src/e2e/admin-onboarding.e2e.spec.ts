import { type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import {
  apiClient,
  batchShipment,
  type RuntimeProcess,
  testClient,
  type TestDatabase,
} from '@shipping/testing';
import { runTool, startAdminRuntime } from './admin-runtime';

const ADMIN_KEY = 'admin-spec-key-0123456789';

const warehouse = {
  name: 'Globex Warehouse',
  street_1: '1 Industrial Way',
  city: 'Springfield',
  zip: '62701',
  state: 'IL',
  country: 'US',
  telephone: '2175550100',
  is_residential: false,
};

describe('onboarding a merchant through the admin API', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let admin: ShippingClient;
  let rawAdmin: ReturnType<typeof apiClient>;
  let acme: ShippingClient;
  let onboarded: { accountId: string; keyId: string };

  /** A tool of the repository as a real process: its exit code and what it printed. */
  const tool = (entry: string, args: string[], env: Record<string, string> = {}) =>
    runTool(entry, args, { DATABASE_URL: database.url, DATA_DIR: '', ...env });
  const cli = (...args: string[]) =>
    tool('tools/admin/admin.ts', args, { ADMIN_API_URL: runtime.baseUrl, ADMIN_API_KEY: ADMIN_KEY });

  beforeAll(async () => {
    ({
      database,
      runtime,
      adminClient: admin,
      admin: rawAdmin,
    } = await startAdminRuntime('admin_e2e', ADMIN_KEY));
    acme = testClient(runtime.baseUrl, 'sk_test_acme');
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  it('creates an account, a key, a shipper and credit, ships a batch with the key and shows the charge', async () => {
    const created = await admin.POST('/admin/accounts', { body: { name: 'Globex', weight_unit: 'KG' } });
    expect(created.response.status).toBe(201);
    const account = created.data!.data;
    onboarded = { accountId: account.id, keyId: '' };
    expect(account).toMatchObject({ name: 'Globex', weight_unit: 'KG', length_unit: 'IN', balance: '0.00' });
    const ofAccount = { params: { path: { account_id: account.id } } };

    const keyAnswer = await admin.POST('/admin/accounts/{account_id}/api-keys', {
      ...ofAccount,
      body: { mode: 'live' },
    });
    expect(keyAnswer.response.status).toBe(201);
    const key = keyAnswer.data!.data;
    const secretKey = key.key!;
    onboarded.keyId = key.id;
    expect(secretKey).toMatch(/^sk_live_[A-Za-z0-9_-]{43}$/);
    expect(key).toMatchObject({ prefix: 'sk_live_', last4: secretKey.slice(-4) });
    const listed = await admin.GET('/admin/accounts/{account_id}/api-keys', ofAccount);
    expect(listed.data!.data).toEqual([
      {
        id: key.id,
        mode: 'live',
        prefix: 'sk_live_',
        last4: key.last4,
        created_at: key.created_at,
        revoked_at: null,
      },
    ]);

    const shipper = await admin.POST('/admin/accounts/{account_id}/shippers', {
      ...ofAccount,
      body: { carrier: 'usps', own_integration: true, name: 'Globex USPS' },
    });
    expect(shipper.response.status).toBe(201);
    expect(shipper.data!.data).toMatchObject({
      carrier: 'usps',
      batch_eligible: true,
      instant_ship_eligible: true,
    });

    // The same Idempotency-Key twice adds the credit once, to the live ledger the live key spends.
    const credit = {
      ...ofAccount,
      body: { amount: '250.00', reference: 'INV-1001', mode: 'live' as const },
      headers: { 'Idempotency-Key': 'credit-1' },
    };
    const once = await admin.POST('/admin/accounts/{account_id}/credit', credit);
    const again = await admin.POST('/admin/accounts/{account_id}/credit', credit);
    expect(once.response.status).toBe(201);
    expect(once.data!.data).toMatchObject({ mode: 'live', balance: '250.00' });
    expect(again.data).toEqual(once.data);
    const testCredit = { amount: '40.00', reference: 'TEST-1' };
    expect(
      unwrap(await admin.POST('/admin/accounts/{account_id}/credit', { ...ofAccount, body: testCredit })),
    ).toMatchObject({
      mode: 'test',
      balance: '40.00',
    });
    expect((await admin.GET('/admin/accounts/{account_id}', ofAccount)).data!.data).toMatchObject({
      balance: '40.00',
      live_balance: '250.00',
    });

    const globex = testClient(runtime.baseUrl, secretKey);
    const address = await globex.POST('/addresses', { body: warehouse });
    expect(address.response.status).toBe(201);
    const batch = await globex.POST('/batches', {
      body: {
        shipper_id: shipper.data!.data.id,
        service: 'USPS-1',
        batch_shipments: [{ ...batchShipment(1), from_address_id: address.data!.data.id }],
      },
    });
    expect(batch.response.status).toBe(201);
    const batchId = batch.data!.data.id;
    const ofBatch = { params: { path: { batch_id: batchId } } };
    await waitForBatchStatus(globex, batchId, ['ready']);
    expect((await globex.POST('/batches/{batch_id}/ship', ofBatch)).response.status).toBe(200);
    await waitForBatchStatus(globex, batchId, ['completed']);

    const ledger = await globex.GET('/account/ledger');
    expect(ledger.response.status).toBe(200);
    const [charge, added] = ledger.data!.data.data;
    expect(charge).toMatchObject({ kind: 'charge', type: 'BatchCharged', batch_id: batchId });
    expect(charge.amount).toMatch(/^-\d+\.\d\d$/);
    expect(added).toMatchObject({
      kind: 'credit',
      type: 'CreditAdded',
      amount: '250.00',
      reference: 'INV-1001',
    });
    const balanceCents = 25_000 + Math.round(Number(charge.amount) * 100);
    const own = await globex.GET('/account');
    expect(own.data!.data).toEqual({
      id: account.id,
      name: 'Globex',
      balance: (balanceCents / 100).toFixed(2),
      weight_unit: 'KG',
      length_unit: 'IN',
      created_at: account.created_at,
      mode: 'live',
    });

    // Another account's key sees nothing of it.
    expect((await acme.GET('/batches/{batch_id}', ofBatch)).response.status).toBe(404);
    const acmeLedger = unwrap(await acme.GET('/account/ledger', { params: { query: { per_page: 1000 } } }));
    expect(acmeLedger.data.some((entry) => entry.batch_id === batchId)).toBe(false);
    expect(unwrap(await acme.GET('/account')).id).toBe('acct_acme');

    // A second key keeps working when the first is revoked.
    const second = unwrap(
      await admin.POST('/admin/accounts/{account_id}/api-keys', { ...ofAccount, body: { mode: 'test' } }),
    );
    expect(second.key).toMatch(/^sk_test_/);
    const ofKey = { params: { path: { account_id: account.id, key_id: key.id } } };
    const revoked = await globex.DELETE('/admin/accounts/{account_id}/api-keys/{key_id}', ofKey);
    expect(revoked.response.status).toBe(401);
    const revoke = await admin.DELETE('/admin/accounts/{account_id}/api-keys/{key_id}', ofKey);
    expect(revoke.response.status).toBe(200);
    expect(revoke.data!.data.revoked_at).not.toBeNull();
    const refused = await globex.GET('/account');
    expect(refused.response.status).toBe(401);
    expect(refused.error).toEqual({ success: false, message: 'Unauthenticated.' });
    // The test key sees the test ledger: its credit, none of the live charges.
    const testKey = testClient(runtime.baseUrl, second.key);
    expect(unwrap(await testKey.GET('/account'))).toMatchObject({ id: account.id, balance: '40.00' });
    expect(unwrap(await testKey.GET('/account/ledger')).data).toEqual([
      expect.objectContaining({ type: 'CreditAdded', reference: 'TEST-1' }),
    ]);
  }, 180_000);

  it('opens the admin API to the admin key only, and the public API to API keys only', async () => {
    expect((await acme.GET('/admin/accounts')).response.status).toBe(401);
    expect((await testClient(runtime.baseUrl).GET('/admin/accounts')).response.status).toBe(401);
    expect((await admin.GET('/account')).response.status).toBe(401);
    expect((await admin.GET('/shippers')).response.status).toBe(401);
    const acmeAccount = { params: { path: { account_id: 'acct_acme' } } };
    expect((await admin.GET('/admin/accounts/{account_id}', acmeAccount)).data!.data).toMatchObject({
      id: 'acct_acme',
      name: 'Acme',
    });
  });

  it('records every change as an event of the account with its correlation id and the admin key', async () => {
    const { code, stdout } = await tool('tools/replay/replay.ts', [
      'history',
      'account',
      onboarded.accountId,
      '--json',
    ]);
    expect(code).toBe(0);
    const events: { type: string; actor: string; correlation_id: string; stream: string }[] =
      JSON.parse(stdout);
    expect(events.map((event) => event.type)).toEqual([
      'AccountOpened',
      'ApiKeyIssued',
      'ShipperAdded',
      'CreditAdded',
      'CreditAdded',
      'AddressSaved',
      'ApiKeyIssued',
      'ApiKeyRevoked',
    ]);
    const adminChanges = events.filter((event) => event.type !== 'AddressSaved');
    expect(new Set(adminChanges.map((event) => event.actor)).size).toBe(1);
    expect(adminChanges[0].actor).toMatch(/^adm_[0-9a-f]{12}$/);
    for (const event of events) expect(event.correlation_id).toEqual(expect.any(String));
    expect(events.find((event) => event.type === 'AddressSaved')?.actor).toBeNull();

    const rebuilt = await tool('tools/replay/replay.ts', ['rebuild', '--json']);
    expect(rebuilt.code).toBe(0);
    const tables = JSON.parse(rebuilt.stdout).tables as {
      table: string;
      liveRows: number;
      rebuiltRows: number;
    }[];
    for (const table of ['order_accounts', 'order_shippers', 'order_addresses', 'gateway_api_keys'])
      expect(tables.find((entry) => entry.table === table)).toMatchObject({ liveRows: expect.any(Number) });
    expect(tables.find((entry) => entry.table === 'order_accounts')?.rebuiltRows).toBeGreaterThanOrEqual(3);
  }, 120_000);

  it('onboards an account with the CLI, with clear errors and exit codes', async () => {
    const created = await cli('accounts', 'create', '--name', 'Initech', '--json');
    expect(created.code).toBe(0);
    const account = JSON.parse(created.stdout);
    expect(account).toMatchObject({ name: 'Initech', balance: '0.00' });

    const key = await cli('keys', 'create', account.id, '--mode', 'test');
    expect(key.code).toBe(0);
    expect(key.stdout).toMatch(/^key: sk_test_[A-Za-z0-9_-]{43}$/m);
    expect(key.stdout).toContain('never shown again');
    const keyId = /^id: (key_\S+)$/m.exec(key.stdout)?.[1] as string;

    expect(
      (await cli('shippers', 'create', account.id, '--carrier', 'usps', '--own', '--name', 'Initech USPS'))
        .code,
    ).toBe(0);
    const credit = await cli('credit', 'add', account.id, '12.34', '--reference', 'INV-9');
    expect(credit).toMatchObject({ code: 0, stdout: expect.stringContaining('balance: 12.34') });
    const live = await cli('credit', 'add', account.id, '5.00', '--reference', 'INV-L', '--mode', 'live');
    expect(live).toMatchObject({ code: 0, stdout: expect.stringContaining('mode: live') });
    expect(live.stdout).toContain('balance: 5.00');
    const shown = await cli('accounts', 'show', account.id);
    expect(shown.stdout).toMatch(/^balance: 12\.34$/m);
    expect(shown.stdout).toMatch(/^live_balance: 5\.00$/m);
    const badMode = await cli('credit', 'add', account.id, '1.00', '--reference', 'INV-X', '--mode', 'prod');
    expect(badMode.code).toBe(1);
    expect(badMode.stderr).toContain('mode: The selected mode is invalid.');

    const revoked = await cli('keys', 'revoke', account.id, keyId);
    expect(revoked).toMatchObject({ code: 0, stdout: expect.stringMatching(/^revoked_at: /m) });

    const refused = await cli('credit', 'add', account.id, '0', '--reference', 'INV-10');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('422: The given data was invalid.');
    expect(refused.stderr).toContain('amount: The amount must be a decimal amount above zero');
    expect((await cli('accounts', 'show', 'acct_missing')).code).toBe(1);
    expect((await cli('keys', 'create', account.id)).code).toBe(2);
    expect((await cli('accounts', 'delete')).code).toBe(2);
    const wrongKey = await tool('tools/admin/admin.ts', ['accounts', 'show', account.id], {
      ADMIN_API_URL: runtime.baseUrl,
      ADMIN_API_KEY: 'not-the-admin-key-at-all',
    });
    expect(wrongKey).toMatchObject({ code: 1, stderr: expect.stringContaining('401: Unauthenticated.') });
    const unreachable = await tool('tools/admin/admin.ts', ['accounts', 'show', account.id], {
      ADMIN_API_URL: 'http://127.0.0.1:9',
      ADMIN_API_KEY: ADMIN_KEY,
    });
    expect(unreachable).toMatchObject({
      code: 3,
      stderr: expect.stringContaining('Cannot reach the service'),
    });
  }, 120_000);

  it('answers bad admin input with 4xx in the envelope', async () => {
    const acme = { params: { path: { account_id: 'acct_acme' } } };
    const zero = await admin.POST('/admin/accounts/{account_id}/credit', {
      ...acme,
      body: { amount: '0.00', reference: 'x' },
    });
    expect(zero.response.status).toBe(422);
    expect(zero.error).toMatchObject({
      success: false,
      data: { amount: [expect.stringContaining('above zero')] },
    });
    for (const amount of ['-5.00', '1.001', 'abc']) {
      const refused = await admin.POST('/admin/accounts/{account_id}/credit', {
        ...acme,
        body: { amount, reference: 'x' },
      });
      expect(refused.response.status).toBe(422);
    }
    // A number amount, a unit and modes outside the document's types, which the typed client cannot send.
    expect(
      (await rawAdmin.post('/admin/accounts/acct_acme/credit', { amount: 12, reference: 'x' })).status,
    ).toBe(422);
    expect((await rawAdmin.post('/admin/accounts', { name: 'X', weight_unit: 'STONE' })).status).toBe(422);
    expect((await rawAdmin.post('/admin/accounts/acct_acme/api-keys', { mode: 'prod' })).status).toBe(422);
    for (const mode of ['prod', 'LIVE', 1, null]) {
      const badMode = await rawAdmin.post('/admin/accounts/acct_acme/credit', {
        amount: '1',
        reference: 'x',
        mode,
      });
      expect(badMode.status).toBe(422);
      expect(badMode.body).toMatchObject({ success: false, data: { mode: [expect.any(String)] } });
    }
    const missing = { params: { path: { account_id: 'acct_missing' } } };
    expect((await admin.GET('/admin/accounts/{account_id}', missing)).response.status).toBe(404);
    expect(
      (
        await admin.POST('/admin/accounts/{account_id}/credit', {
          ...missing,
          body: { amount: '1', reference: 'x' },
        })
      ).response.status,
    ).toBe(404);
    const missingKey = { params: { path: { account_id: 'acct_acme', key_id: 'key_missing' } } };
    expect(
      (await admin.DELETE('/admin/accounts/{account_id}/api-keys/{key_id}', missingKey)).response.status,
    ).toBe(404);
  });
});
