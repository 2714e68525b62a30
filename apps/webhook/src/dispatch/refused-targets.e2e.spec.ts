import { ValidationFailed } from '@shipping/contracts';
import { eventually } from '@shipping/testing';
import { REFUSED_URL_MESSAGE } from '../endpoints/webhook-endpoints';
import { shipmentBody } from '../testing/shipment-body';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';
import type { ResolvedAddress } from './target-guard';
import { REFUSED_TARGET } from './webhook-dispatcher';

/** WEBHOOK_ALLOW_PRIVATE_TARGETS=false, with a DNS whose answers the spec changes. */
describe('internal targets when they are not allowed', () => {
  let app: WebhookTestApp;
  const dns = new Map<string, string>([['hooks.example.com', '93.184.216.34']]);
  const resolve = async (host: string): Promise<ResolvedAddress[]> => {
    const address = dns.get(host);
    if (address === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
    return [{ address, family: 4 }];
  };

  beforeAll(async () => {
    app = await createWebhookTestApp({ allowPrivateTargets: false }, resolve);
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => app?.close());

  const register = (url: string) =>
    app.handlers.register({ context: context('acct_guard'), payload: { url } });

  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://[::1]/hooks',
    'http://169.254.169.254/latest',
    'http://[::ffff:10.0.0.1]/',
  ])('refuses to register %s with a 422 on url', async (url) => {
    await expect(register(url)).rejects.toEqual(ValidationFailed.field('url', REFUSED_URL_MESSAGE));
  });

  it('refuses to register a host that resolves to nothing', async () => {
    await expect(register('https://nowhere.example.com/')).rejects.toEqual(
      ValidationFailed.field('url', REFUSED_URL_MESSAGE),
    );
  });

  it('answers an internal address and a host that resolves to nothing alike, so internal names cannot be mapped', async () => {
    dns.set('db.internal.example.com', '10.0.0.5');
    const refusal = (url: string) =>
      register(url).then(
        () => undefined,
        (error: unknown) => (error instanceof ValidationFailed ? error.fields : error),
      );
    const internal = await refusal('https://db.internal.example.com/hooks');
    const unresolved = await refusal('https://missing.internal.example.com/hooks');
    expect(unresolved).toEqual(internal);
    expect(internal).toEqual({ url: [REFUSED_URL_MESSAGE] });
  });

  it('checks again at every attempt: a host that moved to a private address is not sent to', async () => {
    dns.set('moving.example.com', '93.184.216.35');
    const endpoint = await register('https://moving.example.com/hooks');
    dns.set('moving.example.com', '10.1.2.3');
    await app.handlers.notify({
      context: context('source'),
      payload: { event_id: 'evt-moved', account_id: 'acct_guard', body: shipmentBody() },
    });

    const failed = await eventually(async () => {
      const [delivery] = await app.handlers.listDeliveries({
        context: context('acct_guard'),
        payload: { webhook_id: String(endpoint.id), page: 1, per_page: 10 },
      });
      return delivery?.status === 'failed' ? delivery : undefined;
    });
    expect(failed.attempts).toHaveLength(5);
    for (const attempt of failed.attempts) {
      expect(attempt).toMatchObject({ status_code: null, error: REFUSED_TARGET.error, duration_ms: 0 });
    }
  });

  it('records the same generic refusal for a host that stopped resolving, with no resolver text or timing', async () => {
    dns.set('vanishing.example.com', '93.184.216.36');
    const endpoint = await register('https://vanishing.example.com/hooks');
    dns.delete('vanishing.example.com');
    await app.handlers.notify({
      context: context('source'),
      payload: { event_id: 'evt-vanished', account_id: 'acct_guard', body: shipmentBody() },
    });

    const failed = await eventually(async () => {
      const [delivery] = await app.handlers.listDeliveries({
        context: context('acct_guard'),
        payload: { webhook_id: String(endpoint.id), page: 1, per_page: 10 },
      });
      return delivery?.status === 'failed' ? delivery : undefined;
    });
    for (const attempt of failed.attempts) {
      expect(attempt).toMatchObject({ status_code: null, error: REFUSED_TARGET.error, duration_ms: 0 });
      expect(attempt.error).not.toMatch(/ENOTFOUND|vanishing/);
    }
  });
});
