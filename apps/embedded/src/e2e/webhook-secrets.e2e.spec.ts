import {
  createTestDatabase,
  type RuntimeProcess,
  startRuntime,
  type TestDatabase,
  testClient,
} from '@shipping/testing';
import { Client } from 'pg';

/** Every row of a table as text, as a dump of the database would show it. */
async function rowsOf(url: string, table: string): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ row: string }>(`select t::text as row from ${table} t`);
    return rows.map(({ row }) => row).join('\n');
  } finally {
    await client.end();
  }
}

describe('a webhook signing secret at rest', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    database = await createTestDatabase('webhook_secrets');
    runtime = await startRuntime({ env: { STORE: 'postgres', DATABASE_URL: database.url } });
  });

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  it('is shown once, kept only sealed with its endpoint, and a replay of the registration answers without it', async () => {
    const acme = testClient(runtime.baseUrl, 'sk_test_acme');
    const register = {
      body: { url: 'http://127.0.0.1:9/hooks' },
      headers: { 'Idempotency-Key': 'register-hook-1' },
    };
    const created = await acme.POST('/webhooks', register);
    expect(created.response.status).toBe(201);
    const { secret, ...shown } = created.data!.data;
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);

    const replayed = await acme.POST('/webhooks', register);
    expect(replayed.response.status).toBe(201);
    expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.data).toEqual({
      success: true,
      data: shown,
      message: expect.stringContaining('`secret`'),
    });
    expect(replayed.data!.message).toMatch(/not shown again/);

    const endpoints = await rowsOf(database.url, 'webhook_endpoints');
    expect(endpoints).toContain(`v1.sandbox.`);
    for (const table of ['webhook_endpoints', 'gateway_idempotency_keys', 'idempotent_requests']) {
      expect({ table, holdsSecret: (await rowsOf(database.url, table)).includes(String(secret)) }).toEqual({
        table,
        holdsSecret: false,
      });
    }
  });
});
