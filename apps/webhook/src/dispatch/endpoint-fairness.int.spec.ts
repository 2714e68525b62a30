import { eventually } from '@shipping/testing';
import { type BlackHole, startBlackHole, startReceiver, type Receiver } from '../testing/receiver';
import { shipmentBody } from '../testing/shipment-body';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';

const DELIVERIES = 30;
const PER_ENDPOINT = 2;

describe('webhook fairness between endpoints', () => {
  let first: WebhookTestApp;
  let second: WebhookTestApp;
  let fast: Receiver;
  let blackHole: BlackHole;

  beforeAll(async () => {
    // An attempt times out after two minutes: far longer than the spec may wait.
    const config = { timeoutMs: 120_000, endpointConcurrency: PER_ENDPOINT };
    first = await createWebhookTestApp(config);
    second = await createWebhookTestApp(config, undefined, first.sql);
    [fast, blackHole] = await Promise.all([startReceiver(), startBlackHole()]);
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await blackHole?.close();
    await fast?.close();
    await second?.close();
    await first?.close();
  });

  const notifyAll = (accountId: string, prefix: string) =>
    first.handlers.notifyMany({
      context: context('source'),
      payload: {
        notifications: Array.from({ length: DELIVERIES }, (_, index) => ({
          event_id: `${prefix}-${index}`,
          account_id: accountId,
          body: shipmentBody(),
        })),
      },
    });

  it('delivers every delivery of an answering endpoint while one that never answers is still hanging', async () => {
    await first.handlers.register({ context: context('acct_slow'), payload: { url: blackHole.url } });
    const quick = await first.handlers.register({
      context: context('acct_fast'),
      payload: { url: fast.url },
    });
    await notifyAll('acct_slow', 'slow');
    await notifyAll('acct_fast', 'fast');

    await eventually(async () => (fast.calls.length >= DELIVERIES ? true : undefined), 30_000);

    // Two dispatchers share the outbox: the silent endpoint holds its own two slots, no more, and
    // every attempt on it is still waiting for an answer.
    expect(blackHole.hanging).toHaveLength(PER_ENDPOINT);
    const deliveredIds = fast.calls.map((call) => call.headers['webhook-id']);
    expect(new Set(deliveredIds).size).toBe(DELIVERIES);
    const listed = await first.handlers.listDeliveries({
      context: context('acct_fast'),
      payload: { webhook_id: String(quick.id), page: 1, per_page: 100 },
    });
    await eventually(async () => {
      const now = await first.handlers.listDeliveries({
        context: context('acct_fast'),
        payload: { webhook_id: String(quick.id), page: 1, per_page: 100 },
      });
      return now.every((delivery) => delivery.status === 'delivered') ? true : undefined;
    });
    expect(listed).toHaveLength(DELIVERIES);
    const { rows } = await first.sql.query<{ attempts: number }>(
      `select count(*)::int as attempts from webhook_attempts a
       join webhook_deliveries d on d.id = a.delivery_id where d.account_id = 'acct_slow'`,
    );
    expect(rows[0].attempts).toBe(0);
  }, 60_000);
});
