import type { WebhookDeliveryView } from '@shipping/contracts';
import { eventually } from '@shipping/testing';
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { USER_AGENT } from '../dispatch/webhook-dispatcher';
import { type Receiver, startReceiver } from '../testing/receiver';
import { shipmentBody } from '../testing/shipment-body';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';

/** Real receivers on 127.0.0.1; the schedule is four retries 50 ms apart (five attempts in all). */
describe('webhook deliveries to real receivers', () => {
  let app: WebhookTestApp;
  const receivers: Receiver[] = [];
  let events = 0;

  beforeAll(async () => {
    app = await createWebhookTestApp();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await Promise.all(receivers.map((receiver) => receiver.close()));
  });

  async function receiver(statusFor?: (call: number) => number): Promise<Receiver> {
    const started = await startReceiver(statusFor);
    receivers.push(started);
    return started;
  }

  async function registerAndNotify(accountId: string, url: string) {
    const endpoint = await app.register(accountId, { url });
    const body = shipmentBody(70_000 + ++events);
    await app.handlers.notify({
      context: context('source'),
      payload: { event_id: `evt-${events}`, account_id: accountId, body },
    });
    return { endpoint, body };
  }

  const deliveries = (accountId: string, webhookId: number) =>
    app.handlers.listDeliveries({
      context: context(accountId),
      payload: { webhook_id: String(webhookId), page: 1, per_page: 100 },
    });

  const settled = (accountId: string, webhookId: number, status: 'delivered' | 'failed', attempts: number) =>
    eventually(async () => {
      const [delivery] = await deliveries(accountId, webhookId);
      return delivery?.status === status && delivery.attempts.length === attempts ? delivery : undefined;
    });

  it('POSTs the body with the mode of its event, signed with the endpoint secret, under the delivery id', async () => {
    const target = await receiver();
    const { endpoint, body } = await registerAndNotify('acct_signed', target.url);
    const delivery = await settled('acct_signed', endpoint.id, 'delivered', 1);

    expect(target.calls).toHaveLength(1);
    const [call] = target.calls;
    expect(call.body).toBe(JSON.stringify({ ...body, mode: 'test' }));
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers['user-agent']).toBe(USER_AGENT);
    expect(call.headers['webhook-id']).toBe(delivery.id);
    expect(call.headers['webhook-event-type']).toBe('shipment.shipped');
    const [, t, v1] =
      /^t=(\d+),v1=([0-9a-f]{64}), v1,[A-Za-z0-9+/=]+$/.exec(String(call.headers['webhook-signature'])) ?? [];
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(createHmac('sha256', endpoint.secret).update(`${t}.${call.body}`).digest('hex'));
    expect(call.headers['webhook-timestamp']).toBe(t);
    expect(new Webhook(endpoint.secret).verify(call.body, call.headers as Record<string, string>)).toEqual({
      ...body,
      mode: 'test',
    });
    expect(delivery.attempts).toEqual([
      { number: 1, at: expect.any(String), status_code: 200, error: null, duration_ms: expect.any(Number) },
    ]);
    expect(delivery).toMatchObject({
      webhook_id: endpoint.id,
      status: 'delivered',
      attempt_count: 1,
      next_attempt_at: null,
    });
  });

  it('retries a receiver that fails its first three calls and delivers the fourth with the same Webhook-Id', async () => {
    const target = await receiver((call) => (call <= 3 ? 500 : 204));
    const { endpoint } = await registerAndNotify('acct_flaky', target.url);
    const delivery = await settled('acct_flaky', endpoint.id, 'delivered', 4);

    expect(target.calls.map((call) => call.status)).toEqual([500, 500, 500, 204]);
    expect(new Set(target.calls.map((call) => call.headers['webhook-id']))).toEqual(new Set([delivery.id]));
    expect(
      delivery.attempts.map(({ number, status_code, error }) => ({ number, status_code, error })),
    ).toEqual([
      { number: 1, status_code: 500, error: null },
      { number: 2, status_code: 500, error: null },
      { number: 3, status_code: 500, error: null },
      { number: 4, status_code: 204, error: null },
    ]);
  });

  it('fails a delivery once the schedule is spent, then sends it again on request', async () => {
    let down = true;
    const target = await receiver(() => (down ? 503 : 200));
    const { endpoint } = await registerAndNotify('acct_down', target.url);
    const failed = await settled('acct_down', endpoint.id, 'failed', 5);
    expect(failed.next_attempt_at).toBeNull();
    await new Promise((done) => setTimeout(done, 200));
    expect(target.calls).toHaveLength(5);

    down = false;
    const accepted = await app.handlers.redeliver({
      context: context('acct_down'),
      payload: { webhook_id: String(endpoint.id), delivery_id: failed.id },
    });
    expect(accepted).toMatchObject({ id: failed.id, status: 'pending' });
    const delivered = await settled('acct_down', endpoint.id, 'delivered', 6);
    expect(delivered.attempts.map((attempt) => attempt.status_code)).toEqual([503, 503, 503, 503, 503, 200]);
    expect(target.calls.map((call) => call.headers['webhook-id'])).toEqual(Array(6).fill(failed.id));
  });

  it('sends a delivered delivery again on request, as a new attempt', async () => {
    const target = await receiver();
    const { endpoint } = await registerAndNotify('acct_again', target.url);
    const delivered = await settled('acct_again', endpoint.id, 'delivered', 1);
    await app.handlers.redeliver({
      context: context('acct_again'),
      payload: { webhook_id: String(endpoint.id), delivery_id: delivered.id },
    });
    await settled('acct_again', endpoint.id, 'delivered', 2);
    expect(target.calls.map((call) => call.headers['webhook-id'])).toEqual([delivered.id, delivered.id]);
    expect(target.calls[1].body).toBe(target.calls[0].body);
  });

  it('records an attempt that got no response, with the reason', async () => {
    const closed = await startReceiver();
    await closed.close();
    const { endpoint } = await registerAndNotify('acct_refused', closed.url);
    const failed: WebhookDeliveryView = await settled('acct_refused', endpoint.id, 'failed', 5);
    expect(failed.attempts[0]).toMatchObject({
      status_code: null,
      error: expect.stringContaining('ECONNREFUSED'),
    });
  });

  it('answers 404 for a delivery of another endpoint or account', async () => {
    const target = await receiver();
    const { endpoint } = await registerAndNotify('acct_owner', target.url);
    const [delivery] = await deliveries('acct_owner', endpoint.id);
    const other = await app.handlers.register({
      context: context('acct_owner'),
      payload: { url: target.url },
    });
    await expect(
      app.handlers.redeliver({
        context: context('acct_owner'),
        payload: { webhook_id: String(other.id), delivery_id: delivery.id },
      }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Webhook delivery not found.' });
    await expect(
      app.handlers.redeliver({
        context: context('acct_intruder'),
        payload: { webhook_id: String(endpoint.id), delivery_id: delivery.id },
      }),
    ).rejects.toMatchObject({ code: 'not_found', message: 'Webhook endpoint not found.' });
  });

  it('answers 404 for a delivery id no delivery can have, NUL and lone surrogates included', async () => {
    const target = await receiver();
    const { endpoint } = await registerAndNotify('acct_owner', target.url);
    for (const deliveryId of ['\u0000', 'whd_\u0000', 'whd_\ud800', 'whd_', ''])
      await expect(
        app.handlers.redeliver({
          context: context('acct_owner'),
          payload: { webhook_id: String(endpoint.id), delivery_id: deliveryId },
        }),
      ).rejects.toMatchObject({ code: 'not_found', message: 'Webhook delivery not found.' });
  });
});
