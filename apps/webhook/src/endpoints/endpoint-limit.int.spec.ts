import { AppError } from '@shipping/contracts';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';
import { endpointLimitMessage } from './webhook-endpoints';

describe('webhook endpoints per account and key mode', () => {
  let app: WebhookTestApp;

  beforeAll(async () => {
    app = await createWebhookTestApp({ maxEndpointsPerAccount: 3 });
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => app?.close());

  const register = (accountId: string, n: number, keyMode: 'test' | 'live' = 'test') =>
    app.handlers.register({
      context: { ...context(accountId), keyMode },
      payload: { url: `https://hooks.example.com/${n}` },
    });

  it('refuses the endpoint over the limit with a 422, and takes one again once another is deleted', async () => {
    const endpoints = [];
    for (let n = 0; n < 3; n++) endpoints.push(await register('acct_limit', n));
    await expect(register('acct_limit', 3)).rejects.toEqual(
      new AppError('validation_failed', endpointLimitMessage(3)),
    );
    await register('acct_other', 0);

    await app.handlers.remove({
      context: context('acct_limit'),
      payload: { webhook_id: String(endpoints[0].id) },
    });
    await expect(register('acct_limit', 4)).resolves.toMatchObject({ url: 'https://hooks.example.com/4' });
  });

  it('holds under concurrent registrations: exactly the limit of them succeed', async () => {
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, (_, n) => register('acct_race', n)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    const listed = await app.handlers.list({ context: context('acct_race'), payload: {} });
    expect(listed).toHaveLength(3);
  });

  it("counts one key mode's endpoints: the live ones have a limit of their own", async () => {
    for (let n = 0; n < 3; n++) await register('acct_modes', n, 'test');
    for (let n = 0; n < 3; n++) await register('acct_modes', n, 'live');
    for (const mode of ['test', 'live'] as const)
      await expect(register('acct_modes', 3, mode)).rejects.toEqual(
        new AppError('validation_failed', endpointLimitMessage(3)),
      );
  });
});
