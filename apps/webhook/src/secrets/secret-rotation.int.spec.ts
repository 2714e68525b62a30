import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { type SqlClient } from '@shipping/event-store';
import { eventually } from '@shipping/testing';
import { randomBytes } from 'node:crypto';
import { signatureHeaders } from '../dispatch/signature';
import { startReceiver, type Receiver } from '../testing/receiver';
import { shipmentBody } from '../testing/shipment-body';
import { context, createWebhookTestApp, STARTUP_TIMEOUT_MS } from '../testing/webhook-test-app';
import type { SecretKey } from './secret-box';

const key = (id: string): SecretKey => ({ id, key: randomBytes(32) });

describe('webhook secrets encrypted at rest, across a key rotation', () => {
  let sql: SqlClient;
  let receiver: Receiver;
  const old = key('old');
  const fresh = key('new');

  beforeAll(async () => {
    sql = await createPgliteSqlClient();
    receiver = await startReceiver();
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await receiver?.close();
    await sql?.close();
  });

  const storedSecret = async (id: number) =>
    (await sql.query<{ secret: string }>('select secret from webhook_endpoints where id = $1', [id])).rows[0]
      .secret;

  /** Delivers one event with an instance holding `keys` and checks its signature with the secret shown at registration. */
  async function deliverWith(keys: SecretKey[], secret: string, eventId: string) {
    const app = await createWebhookTestApp({ secretKeys: keys }, undefined, sql);
    try {
      const delivered = receiver.calls.length;
      await app.handlers.notify({
        context: context('source'),
        payload: { event_id: eventId, account_id: 'acct_keys', body: shipmentBody() },
      });
      const call = await eventually(async () => receiver.calls[delivered]);
      const timestamp = Number(/t=(\d+)/.exec(String(call.headers['webhook-signature']))?.[1]);
      expect(call.headers['webhook-signature']).toBe(
        signatureHeaders(secret, String(call.headers['webhook-id']), timestamp, call.body)[
          'Webhook-Signature'
        ],
      );
    } finally {
      await app.close();
    }
  }

  it('stores only the sealed secret, and a secret sealed under the old key still signs once a new key is added, then after the old one is dropped', async () => {
    const first = await createWebhookTestApp({ secretKeys: [old] }, undefined, sql);
    const endpoint = await first.register('acct_keys', { url: receiver.url });
    await first.close();
    expect(await storedSecret(endpoint.id)).toMatch(/^v1\.old\./);
    expect(await storedSecret(endpoint.id)).not.toContain(endpoint.secret);

    await deliverWith([fresh, old], endpoint.secret, 'evt-rotation-1');
    expect(await storedSecret(endpoint.id)).toMatch(/^v1\.new\./);

    await deliverWith([fresh], endpoint.secret, 'evt-rotation-2');
    expect(receiver.calls).toHaveLength(2);
  }, 60_000);

  it('seals secrets stored before encryption at start, and refuses to start without the key of a stored secret', async () => {
    await sql.query(
      `insert into webhook_endpoints (id, account_id, url, secret, created_at)
       values (nextval('webhook_endpoint_ids'), 'acct_legacy', $1, 'whsec_legacy', now())`,
      [receiver.url],
    );
    const app = await createWebhookTestApp({ secretKeys: [fresh] }, undefined, sql);
    await app.close();
    const { rows } = await sql.query<{ secret: string }>(
      "select secret from webhook_endpoints where account_id = 'acct_legacy'",
    );
    expect(rows[0].secret).toMatch(/^v1\.new\./);

    await expect(createWebhookTestApp({ secretKeys: [key('other')] }, undefined, sql)).rejects.toThrow(
      /WEBHOOK_SECRET_KEYS: a webhook secret is sealed with key "new"/,
    );
  }, 60_000);
});
