import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SecretBox } from '@shipping/platform/secrets';
import { apiClient, type RuntimeProcess, type TestDatabase, UspsMockServer } from '@shipping/testing';
import { Client } from 'pg';
import { runTool, startAdminRuntime } from './admin-runtime';

const ADMIN_KEY = 'admin-credentials-spec-key-0123456789';
const SECRET = 'globex-usps-secret-5b1e9d';
const REFUSED_SECRET = 'a-usps-secret-it-refuses-77c2';
const UPS_SECRET = 'globex-ups-secret-3a8f';

const uspsCredentials = (overrides: Record<string, unknown> = {}) => ({
  client_id: 'globex-consumer-key',
  client_secret: SECRET,
  crid: '56982563',
  mid: '904128936',
  manifest_mid: '904128937',
  payment_account_type: 'EPS',
  payment_account_number: '1000405525',
  ...overrides,
});

/** Every row of every table of the database (event streams included), as a dump would show it. */
async function everyRow(url: string): Promise<Map<string, string>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select format('%I.%I', table_schema, table_name) as name from information_schema.tables
       where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')`,
    );
    const dump = new Map<string, string>();
    for (const { name } of tables) {
      const { rows } = await client.query<{ row: string }>(`select t::text as row from ${name} t`);
      dump.set(name, rows.map(({ row }) => row).join('\n'));
    }
    return dump;
  } finally {
    await client.end();
  }
}

async function storedSealed(url: string): Promise<string[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ sealed: string }>(
      'select sealed from carrier_credentials order by shipper_id',
    );
    return rows.map(({ sealed }) => sealed);
  } finally {
    await client.end();
  }
}

describe("a merchant's carrier credentials through the admin API", () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let mock: UspsMockServer;
  let folder: string;
  let admin: ReturnType<typeof apiClient>;
  const newKey = { id: 'k2', key: randomBytes(32) };
  const oldKey = { id: 'k1', key: randomBytes(32) };
  const keysVariable = [newKey, oldKey].map(({ id, key }) => `${id}:${key.toString('base64')}`).join(',');

  const cli = (...args: string[]) =>
    runTool('tools/admin/admin.ts', args, { ADMIN_API_URL: runtime.baseUrl, ADMIN_API_KEY: ADMIN_KEY });

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'credentials-e2e-'));
    mock = await UspsMockServer.start({
      clients: [{ client_id: 'globex-consumer-key', client_secret: SECRET }],
    });
    ({ database, runtime, admin } = await startAdminRuntime('carrier_credentials', ADMIN_KEY, {
      LOG_LEVEL: 'info',
      USPS_API_URL: mock.url,
      CARRIER_CREDENTIAL_KEYS: keysVariable,
    }));
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
    await mock?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it('stores them sealed, never answers, logs or records them, replaces and verifies them, and reseals them under the newest key', async () => {
    const account = (await admin.post('/admin/accounts', { name: 'Globex' })).body.data;
    const shippers = `/admin/accounts/${account.id}/shippers`;

    const created = await admin.post(
      shippers,
      { carrier: 'usps', own_integration: true, name: 'Globex USPS', credentials: uspsCredentials() },
      { 'Idempotency-Key': 'usps-shipper-1' },
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ carrier: 'usps', has_credentials: true });
    expect(created.body.data.credentials_set_at).toEqual(expect.any(String));
    expect(created.text).not.toContain(SECRET);
    expect(created.text).not.toContain('globex-consumer-key');
    const shipperId = created.body.data.id;
    const replayed = await admin.post(
      shippers,
      { carrier: 'usps', own_integration: true, name: 'Globex USPS', credentials: uspsCredentials() },
      { 'Idempotency-Key': 'usps-shipper-1' },
    );
    expect(replayed.body.data).toEqual(created.body.data);
    // A null is no credentials: the shipper is created without them, never stored and then refused.
    const platform = await admin.post(shippers, {
      carrier: 'usps',
      own_integration: false,
      name: 'Platform USPS',
      credentials: null,
    });
    expect([platform.status, platform.body.data?.has_credentials]).toEqual([201, false]);

    const verify = `${shippers}/${shipperId}/credentials/verify`;
    const verified = await admin.post(verify, {});
    expect([verified.status, verified.body.data]).toEqual([200, { verified: true }]);

    const replaced = await admin.call('PUT', `${shippers}/${shipperId}/credentials`, {
      credentials: uspsCredentials({ client_secret: REFUSED_SECRET }),
    });
    expect(replaced.status).toBe(200);
    expect(replaced.text).not.toContain(REFUSED_SECRET);
    const refused = await admin.post(verify, {});
    expect(refused.status).toBe(422);
    expect(refused.body.data).toEqual({
      credentials: [expect.stringMatching(/^The carrier refused them: USPS: /)],
    });
    expect(refused.text).not.toContain(REFUSED_SECRET);

    const ups = await admin.post(shippers, {
      carrier: 'ups',
      own_integration: true,
      name: 'Globex UPS',
      credentials: { client_id: 'globex-ups-client', client_secret: UPS_SECRET, account_number: 'A1B2C3' },
    });
    expect([ups.status, ups.body.data.has_credentials]).toEqual([201, true]);
    const upsVerify = await admin.post(`${shippers}/${ups.body.data.id}/credentials/verify`, {});
    expect([upsVerify.status, upsVerify.body.data]).toEqual([
      422,
      { carrier: [expect.stringMatching(/ups credentials is not supported yet/)] },
    ]);

    const events = await admin.get(`/admin/accounts/${account.id}`);
    expect(events.status).toBe(200);
    const sealed = await storedSealed(database.url);
    expect(sealed.map((record) => record.split('.')[1])).toEqual(['k2', 'k2']);

    // A record left under the older key (as after adding a key) is resealed by `credentials rotate`.
    const underOld = new SecretBox([oldKey]).seal(
      JSON.stringify(uspsCredentials()),
      `carrier_credentials:${account.id}:${shipperId}`,
    );
    const client = new Client({ connectionString: database.url });
    await client.connect();
    await client.query('update carrier_credentials set sealed = $1 where shipper_id = $2', [
      underOld,
      shipperId,
    ]);
    await client.end();
    const rotated = await cli('credentials', 'rotate', '--json');
    expect([rotated.code, JSON.parse(rotated.stdout)]).toEqual([0, { resealed: 1, key_id: 'k2' }]);
    expect((await storedSealed(database.url)).map((record) => record.split('.')[1])).toEqual(['k2', 'k2']);
    expect((await admin.post(verify, {})).body.data).toEqual({ verified: true });

    const dump = await everyRow(database.url);
    expect(dump.get('public.carrier_credentials')).toContain('v1.k2.');
    const holding = [...dump]
      .filter(([, rows]) => [SECRET, REFUSED_SECRET, UPS_SECRET].some((secret) => rows.includes(secret)))
      .map(([table]) => table);
    expect(holding).toEqual([]);
    const streams = [...dump.values()].join('\n');
    expect(streams).toContain('ShipperCredentialsSet');
    expect(runtime.output()).not.toContain(SECRET);
    expect(runtime.output()).not.toContain(REFUSED_SECRET);
  }, 120_000);

  it.each([
    [
      'usps without a client secret',
      'usps',
      uspsCredentials({ client_secret: undefined }),
      'credentials.client_secret',
    ],
    [
      'usps with an unknown payment account type',
      'usps',
      uspsCredentials({ payment_account_type: 'CARD' }),
      'credentials.payment_account_type',
    ],
    [
      'usps with a permit and no ZIP Code',
      'usps',
      uspsCredentials({ payment_account_type: 'PERMIT' }),
      'credentials.permit_zip',
    ],
    [
      'ups without an account number',
      'ups',
      { client_id: 'c', client_secret: UPS_SECRET },
      'credentials.account_number',
    ],
    ['fedex, which takes none yet', 'fedex', { client_id: 'c', client_secret: UPS_SECRET }, 'credentials'],
  ])(
    'refuses %s with a 422 naming the field, never its value',
    async (_case, carrier, credentials, field) => {
      const account = (await admin.post('/admin/accounts', { name: 'Initech' })).body.data;
      const refused = await admin.post(`/admin/accounts/${account.id}/shippers`, {
        carrier,
        own_integration: true,
        name: 'Initech',
        credentials,
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.data)).toEqual([field]);
      expect(refused.text).not.toContain(UPS_SECRET);
      expect(refused.text).not.toContain(SECRET);
      const listed = await admin.get(`/admin/accounts/${account.id}`);
      expect(listed.status).toBe(200);
    },
  );

  it('takes the same fields from the CLI, a secret from a file rather than the command line', async () => {
    const account = (await admin.post('/admin/accounts', { name: 'Hooli' })).body.data;
    const file = join(folder, 'usps.json');
    await writeFile(file, JSON.stringify({ client_secret: SECRET }), { mode: 0o600 });
    const { client_secret: _secret, ...rest } = uspsCredentials();
    const flags = Object.entries(rest).flatMap(([field, value]) => [
      `--${field.replaceAll('_', '-')}`,
      String(value),
    ]);
    const created = await cli(
      'shippers',
      'create',
      account.id,
      '--carrier',
      'usps',
      '--own',
      '--name',
      'Hooli USPS',
      '--credentials-file',
      file,
      ...flags,
      '--json',
    );
    expect(created.code).toBe(0);
    const shipper = JSON.parse(created.stdout);
    expect(shipper).toMatchObject({ carrier: 'usps', has_credentials: true });
    expect(created.stdout).not.toContain(SECRET);
    const verified = await cli('credentials', 'verify', account.id, String(shipper.id));
    expect([verified.code, verified.stdout]).toEqual([0, 'The carrier accepted the credentials.\n']);

    const missing = await cli('credentials', 'set', account.id, String(shipper.id), '--client-id', 'x');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('credentials.client_secret');
  }, 60_000);
});
