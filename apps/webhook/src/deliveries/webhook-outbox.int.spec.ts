import { AppError } from '@shipping/contracts';
import { shipmentBody } from '../testing/shipment-body';
import {
  context,
  createWebhookTestApp,
  STARTUP_TIMEOUT_MS,
  type WebhookTestApp,
} from '../testing/webhook-test-app';

// Nothing listens on port 1: deliveries stay pending or fail, which these specs do not look at.
const NOWHERE = 'http://127.0.0.1:1/hooks';

describe('webhook.notify (the outbox)', () => {
  let app: WebhookTestApp;

  beforeAll(async () => {
    app = await createWebhookTestApp({ retryScheduleMs: [60_000] });
  }, STARTUP_TIMEOUT_MS);

  afterAll(() => app?.close());

  const register = async (accountId: string) =>
    (await app.handlers.register({ context: context(accountId), payload: { url: NOWHERE } })).id;
  const notify = (accountId: string, eventId: string) =>
    app.handlers.notify({
      context: context('source'),
      payload: { event_id: eventId, account_id: accountId, body: shipmentBody() },
    });
  const deliveriesOf = async (eventId: string) =>
    (
      await app.sql.query<{ endpoint_id: string }>(
        'select endpoint_id from webhook_deliveries where event_id = $1 order by endpoint_id',
        [eventId],
      )
    ).rows.map((row) => Number(row.endpoint_id));

  it('stores one delivery per live endpoint of the account, once however often the event is notified', async () => {
    const first = await register('acct_outbox');
    const second = await register('acct_outbox');
    const removed = await register('acct_outbox');
    await register('acct_other');
    await app.handlers.remove({ context: context('acct_outbox'), payload: { webhook_id: String(removed) } });

    expect(await notify('acct_outbox', 'evt-1')).toEqual({ created: 2 });
    expect(await notify('acct_outbox', 'evt-1')).toEqual({ created: 0 });
    expect(await deliveriesOf('evt-1')).toEqual([first, second]);
  });

  it('stores the body exactly as it will be sent, with the mode of its event, under a whd_ id', async () => {
    await register('acct_body');
    await notify('acct_body', 'evt-body');
    const { rows } = await app.sql.query<{ id: string; body: string; status: string }>(
      "select id, body, status from webhook_deliveries where event_id = 'evt-body'",
    );
    expect(rows).toEqual([
      {
        id: expect.stringMatching(/^whd_[0-9a-f-]{36}$/),
        body: JSON.stringify({ ...shipmentBody(), mode: 'test' }),
        status: 'pending',
      },
    ]);
  });

  it('stores a delivery only for endpoints subscribed to the event type; no events means shipment.shipped only', async () => {
    const untyped = await register('acct_types');
    const batches = (
      await app.handlers.register({
        context: context('acct_types'),
        payload: { url: NOWHERE, events: ['batch.completed', 'shipment.shipped'] },
      })
    ).id;
    const batchBody = { type: 'batch.completed', timestamp: '2026-11-25T10:00:00.000Z', data: { id: 'b' } };
    const notifyTyped = (eventId: string, eventType?: string) =>
      app.handlers.notify({
        context: context('source'),
        payload: {
          event_id: eventId,
          account_id: 'acct_types',
          ...(eventType ? { event_type: eventType as never } : {}),
          body: batchBody as never,
        },
      });

    expect(await notifyTyped('evt-shipped')).toEqual({ created: 2 });
    expect(await notifyTyped('evt-completed', 'batch.completed')).toEqual({ created: 1 });
    expect(await notifyTyped('evt-validated', 'batch.validated')).toEqual({ created: 0 });
    expect(await deliveriesOf('evt-shipped')).toEqual([untyped, batches]);
    expect(await deliveriesOf('evt-completed')).toEqual([batches]);
    await expect(notifyTyped('evt-unknown', 'batch.exploded')).rejects.toBeInstanceOf(AppError);
  });

  it("stores a delivery only for the account's endpoints of the event's key mode, the mode in its body", async () => {
    const inMode = (keyMode: 'test' | 'live') => ({ ...context('acct_modes'), keyMode });
    const liveEndpoint = (await app.handlers.register({ context: inMode('live'), payload: { url: NOWHERE } }))
      .id;
    const testEndpoint = (await app.handlers.register({ context: inMode('test'), payload: { url: NOWHERE } }))
      .id;
    const notifyIn = (eventId: string, keyMode?: 'test' | 'live') =>
      app.handlers.notify({
        context: context('source'),
        payload: {
          event_id: eventId,
          account_id: 'acct_modes',
          ...(keyMode ? { key_mode: keyMode } : {}),
          body: shipmentBody(),
        },
      });
    const bodiesOf = async (eventId: string) =>
      (
        await app.sql.query<{ body: string }>('select body from webhook_deliveries where event_id = $1', [
          eventId,
        ])
      ).rows.map((row) => JSON.parse(row.body).mode);

    expect(await notifyIn('evt-live', 'live')).toEqual({ created: 1 });
    expect(await notifyIn('evt-test', 'test')).toEqual({ created: 1 });
    expect(await notifyIn('evt-unnamed')).toEqual({ created: 1 });
    expect(await deliveriesOf('evt-live')).toEqual([liveEndpoint]);
    expect(await deliveriesOf('evt-test')).toEqual([testEndpoint]);
    expect(await deliveriesOf('evt-unnamed')).toEqual([testEndpoint]);
    expect([await bodiesOf('evt-live'), await bodiesOf('evt-test')]).toEqual([['live'], ['test']]);
    await expect(notifyIn('evt-sandbox', 'sandbox' as never)).rejects.toBeInstanceOf(AppError);
  });

  it("lists, finds and removes only the endpoints of the key's mode: the other mode's is not found", async () => {
    const live = { ...context('acct_mode_endpoints'), keyMode: 'live' as const };
    const test = { ...context('acct_mode_endpoints'), keyMode: 'test' as const };
    const liveEndpoint = (await app.handlers.register({ context: live, payload: { url: NOWHERE } })).id;
    const testEndpoint = (await app.handlers.register({ context: test, payload: { url: NOWHERE } })).id;
    const ids = async (keyMode: typeof live | typeof test) =>
      (await app.handlers.list({ context: keyMode, payload: {} })).map((endpoint) => endpoint.id);

    expect(await ids(live)).toEqual([liveEndpoint]);
    expect(await ids(test)).toEqual([testEndpoint]);
    for (const refused of [
      app.handlers.remove({ context: test, payload: { webhook_id: String(liveEndpoint) } }),
      app.handlers.update({
        context: live,
        payload: { webhook_id: String(testEndpoint), changes: { url: NOWHERE } },
      }),
      app.handlers.listDeliveries({
        context: test,
        payload: { webhook_id: String(liveEndpoint), page: 1, per_page: 2 },
      }),
    ])
      await expect(refused).rejects.toMatchObject({
        code: 'not_found',
        message: 'Webhook endpoint not found.',
      });
    expect(await ids(live)).toEqual([liveEndpoint]);
  });

  it('stores nothing for an account without endpoints', async () => {
    expect(await notify('acct_none', 'evt-none')).toEqual({ created: 0 });
  });

  it('stores a list of notifications in one go, in their order, each once however often the list comes', async () => {
    const endpoint = await register('acct_many');
    const notifications = ['evt-m1', 'evt-m2', 'evt-m3'].map((event_id) => ({
      event_id,
      account_id: 'acct_many',
      body: shipmentBody(),
    }));
    const notifyMany = (list: unknown[]) =>
      app.handlers.notifyMany({ context: context('source'), payload: { notifications: list as never } });

    expect(await notifyMany(notifications)).toEqual({ created: 3 });
    expect(
      await notifyMany([
        ...notifications,
        { event_id: 'evt-m4', account_id: 'acct_many', body: shipmentBody() },
      ]),
    ).toEqual({ created: 1 });
    const page = await app.handlers.listDeliveries({
      context: context('acct_many'),
      payload: { webhook_id: String(endpoint), page: 1, per_page: 10 },
    });
    expect(page.map((delivery) => delivery.event_id)).toEqual(['evt-m4', 'evt-m3', 'evt-m2', 'evt-m1']);
  });

  it('refuses an empty or oversized list, and a list with one bad notification stores nothing', async () => {
    await register('acct_many_bad');
    const notifyMany = (list: unknown) =>
      app.handlers.notifyMany({ context: context('source'), payload: { notifications: list as never } });
    const good = { event_id: 'evt-good', account_id: 'acct_many_bad', body: shipmentBody() };
    await expect(notifyMany([])).rejects.toEqual(
      new AppError('bad_request', 'Webhook notifications come as a list of 1 to 500.'),
    );
    await expect(notifyMany(Array.from({ length: 501 }, () => good))).rejects.toEqual(
      new AppError('bad_request', 'Webhook notifications come as a list of 1 to 500.'),
    );
    await expect(notifyMany('nope')).rejects.toEqual(
      new AppError('bad_request', 'Webhook notifications come as a list of 1 to 500.'),
    );
    await expect(notifyMany([good, { account_id: 'acct_many_bad', body: shipmentBody() }])).rejects.toEqual(
      new AppError('bad_request', 'A webhook notification needs an event_id, an account_id and a body.'),
    );
    expect(await deliveriesOf('evt-good')).toEqual([]);
  });

  it('refuses a notification without an event id', async () => {
    const sent = app.handlers.notify({
      context: context('source'),
      payload: { account_id: 'acct_outbox', body: shipmentBody() } as never,
    });
    await expect(sent).rejects.toEqual(
      new AppError('bad_request', 'A webhook notification needs an event_id, an account_id and a body.'),
    );
  });

  it('lists an endpoint’s deliveries newest first, a page at a time, and only to its account', async () => {
    const id = await register('acct_pages');
    for (const event of ['evt-p1', 'evt-p2', 'evt-p3']) await notify('acct_pages', event);
    const page = (n: number) =>
      app.handlers.listDeliveries({
        context: context('acct_pages'),
        payload: { webhook_id: String(id), page: n, per_page: 2 },
      });
    // One row more than the page: the gateway's paginate tells from it that a next page exists.
    expect((await page(1)).map((delivery) => delivery.event_id)).toEqual(['evt-p3', 'evt-p2', 'evt-p1']);
    expect((await page(2)).map((delivery) => delivery.event_id)).toEqual(['evt-p1']);
    await expect(
      app.handlers.listDeliveries({
        context: context('acct_other'),
        payload: { webhook_id: String(id), page: 1, per_page: 2 },
      }),
    ).rejects.toMatchObject({
      code: 'not_found',
      message: 'Webhook endpoint not found.',
    });
  });
});
