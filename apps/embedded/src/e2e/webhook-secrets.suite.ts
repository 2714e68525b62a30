import { type RuntimeProcess } from '@shipping/testing';
import { Client } from 'pg';
import { onboardMerchant } from './own-merchant';

/** Rows of a table as text, as a dump of the database would show them; all of them unless `where`. */
async function rowsOf(url: string, table: string, where = 'true'): Promise<string> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ row: string }>(
      `select t::text as row from ${table} t where ${where}`,
    );
    return rows.map(({ row }) => row).join('\n');
  } finally {
    await client.end();
  }
}

/**
 * On a merchant of its own, so no other suite's event is delivered to its unreachable endpoint.
 * The sealed form is read from its endpoint's row; no row of any table may hold its secret.
 */
export const webhookSecretsSuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('a webhook signing secret at rest', () => {
    it('is shown once, kept only sealed with its endpoint, and a replay of the registration answers without it', async () => {
      const { client: merchant } = await onboardMerchant(runtimeOf().baseUrl, 'Webhook Secrets');
      const register = {
        body: { url: 'http://127.0.0.1:9/hooks' },
        headers: { 'Idempotency-Key': 'register-hook-1' },
      };
      const created = await merchant.POST('/webhooks', register);
      expect(created.response.status).toBe(201);
      const { secret, ...shown } = created.data!.data;
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);

      const replayed = await merchant.POST('/webhooks', register);
      expect(replayed.response.status).toBe(201);
      expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
      expect(replayed.data).toEqual({
        success: true,
        data: shown,
        message: expect.stringContaining('`secret`'),
      });
      expect(replayed.data!.message).toMatch(/not shown again/);

      const endpoint = await rowsOf(databaseUrlOf(), 'webhook_endpoints', `t.id = ${Number(shown.id)}`);
      expect(endpoint).toContain(`v1.sandbox.`);
      for (const table of ['webhook_endpoints', 'gateway_idempotency_keys', 'idempotent_requests']) {
        expect({
          table,
          holdsSecret: (await rowsOf(databaseUrlOf(), table)).includes(String(secret)),
        }).toEqual({
          table,
          holdsSecret: false,
        });
      }
    });
  });
