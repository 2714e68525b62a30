import { apiClient, type RuntimeProcess, startRuntime } from '@shipping/testing';

const INVALID = 'The given data was invalid.';

describe('webhook endpoints over HTTP', () => {
  let runtime: RuntimeProcess;
  let acme: ReturnType<typeof apiClient>;
  let tiny: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    runtime = await startRuntime();
    acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    tiny = apiClient(runtime.baseUrl, 'sk_test_tiny');
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it('registers an endpoint and shows its signing secret in that answer only', async () => {
    const created = await acme.post('/webhooks', { url: 'http://127.0.0.1:9/hooks' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      success: true,
      data: {
        id: expect.any(Number),
        url: 'http://127.0.0.1:9/hooks',
        secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
        events: ['shipment.shipped'],
        created_at: expect.any(String),
      },
    });
    const { secret, ...shown } = created.body.data;
    expect(secret).toBeDefined();

    const listed = await acme.get('/webhooks');
    expect(listed.status).toBe(200);
    expect(listed.body.data).toContainEqual(shown);
    expect(listed.text).not.toContain(secret);
    expect((await tiny.get('/webhooks')).body.data).not.toContainEqual(shown);
  });

  it.each([
    ['no url', {}, 'The url field is required.'],
    ['a relative url', { url: '/hooks' }, 'The url must be a valid http or https URL.'],
    ['another scheme', { url: 'ftp://example.com/hooks' }, 'The url must be a valid http or https URL.'],
    [
      'a url over 2,048 characters',
      { url: `https://example.com/${'a'.repeat(2048)}` },
      'The url must not be greater than 2048 characters.',
    ],
  ])('refuses %s with 422 on url', async (_case, body, message) => {
    const refused = await acme.post('/webhooks', body);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({ success: false, message: INVALID, data: { url: [message] } });
  });

  it('lists an endpoint’s deliveries as a page, and hides another account’s endpoint', async () => {
    const { id } = (await acme.post('/webhooks', { url: 'https://example.com/hooks' })).body.data;
    const page = await acme.get(`/webhooks/${id}/deliveries?per_page=10`);
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      current_page: 1,
      data: [],
      per_page: 10,
      next_page_url: null,
      from: null,
      to: null,
    });
    expect(page.body.data.path).toBe(`${runtime.baseUrl}/webhooks/${id}/deliveries`);

    for (const response of [
      await tiny.get(`/webhooks/${id}/deliveries`),
      await acme.get('/webhooks/999999999/deliveries'),
      await acme.get('/webhooks/not-an-id/deliveries'),
      await tiny.post(`/webhooks/${id}/deliveries/whd_x/redeliver`),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: 'Webhook endpoint not found.' });
    }
    const unknownDelivery = await acme.post(`/webhooks/${id}/deliveries/whd_unknown/redeliver`);
    expect(unknownDelivery.status).toBe(404);
    expect(unknownDelivery.body).toEqual({ success: false, message: 'Webhook delivery not found.' });
    expect((await acme.get(`/webhooks/${id}/deliveries?per_page=0`)).status).toBe(422);
  });

  it('deletes only the caller’s own endpoint, once', async () => {
    const { id } = (await acme.post('/webhooks', { url: 'https://example.com/removed' })).body.data;
    const notTheirs = await tiny.call('DELETE', `/webhooks/${id}`);
    expect(notTheirs.status).toBe(404);
    expect(notTheirs.body).toEqual({ success: false, message: 'Webhook endpoint not found.' });

    const removed = await acme.call('DELETE', `/webhooks/${id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({
      success: true,
      data: {
        id,
        url: 'https://example.com/removed',
        events: ['shipment.shipped'],
        created_at: expect.any(String),
      },
      message: 'Webhook endpoint deleted.',
    });
    expect(
      (await acme.get('/webhooks')).body.data.map((endpoint: { id: number }) => endpoint.id),
    ).not.toContain(id);
    expect((await acme.call('DELETE', `/webhooks/${id}`)).status).toBe(404);
    expect((await acme.get(`/webhooks/${id}/deliveries`)).status).toBe(404);
  });

  it('registers with event types, changes them and the url with PATCH, and names unknown types in a 422', async () => {
    const created = await acme.post('/webhooks', {
      url: 'http://127.0.0.1:9/typed',
      events: ['batch.validated', 'batch.completed'],
    });
    expect(created.status).toBe(201);
    expect(created.body.data.events).toEqual(['batch.validated', 'batch.completed']);
    const id = created.body.data.id;

    const unknown = await acme.post('/webhooks', {
      url: 'http://127.0.0.1:9/x',
      events: ['batch.done', 'nope'],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body).toEqual({
      success: false,
      message: INVALID,
      data: {
        events: [
          'The events field has unknown event types: batch.done, nope. Known types: shipment.shipped, batch.validated, batch.completed, batch.item_failed.',
        ],
      },
    });

    const typesChanged = await acme.call('PATCH', `/webhooks/${id}`, { events: ['batch.item_failed'] });
    expect(typesChanged.status).toBe(200);
    expect(typesChanged.body.data).toEqual({
      ...created.body.data,
      secret: undefined,
      events: ['batch.item_failed'],
    });
    const urlChanged = await acme.call('PATCH', `/webhooks/${id}`, { url: 'http://127.0.0.1:9/moved' });
    expect(urlChanged.body.data).toMatchObject({
      url: 'http://127.0.0.1:9/moved',
      events: ['batch.item_failed'],
    });
    expect((await acme.call('PATCH', `/webhooks/${id}`, { events: ['x'] })).status).toBe(422);
    expect((await acme.call('PATCH', `/webhooks/${id}`, {})).body.data).toEqual({
      url: ['The url field is required when events is not present.'],
    });
    expect((await tiny.call('PATCH', `/webhooks/${id}`, { events: ['batch.completed'] })).status).toBe(404);
    expect((await acme.get('/webhooks')).body.data).toContainEqual(urlChanged.body.data);
  });

  it('asks for an API key', async () => {
    const anonymous = apiClient(runtime.baseUrl);
    for (const response of [
      await anonymous.get('/webhooks'),
      await anonymous.post('/webhooks', { url: 'https://example.com/x' }),
    ]) {
      expect(response.status).toBe(401);
    }
  });
});

describe('webhook endpoints when internal targets are not allowed', () => {
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    runtime = await startRuntime({ env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' } });
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it.each([
    'http://127.0.0.1:8080/hooks',
    'http://localhost/hooks',
    'http://[::1]/hooks',
    'http://169.254.169.254/latest/meta-data',
  ])('refuses to register %s with 422 on url', async (url) => {
    const refused = await apiClient(runtime.baseUrl, 'sk_test_acme').post('/webhooks', { url });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      success: false,
      message: INVALID,
      data: {
        url: [
          'The url must point to a public address: hosts that do not resolve, and loopback, private or otherwise internal addresses, are refused.',
        ],
      },
    });
  });
});
