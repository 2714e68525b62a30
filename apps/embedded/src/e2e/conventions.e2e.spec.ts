import {
  apiClient,
  eventually,
  freightOrder,
  parcelOrder,
  type RuntimeProcess,
  startRuntime,
} from '@shipping/testing';

describe('gateway conventions on the running service', () => {
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    runtime = await startRuntime({ env: { LOG_LEVEL: 'info' } });
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  it('answers GET /health without a key', async () => {
    const health = await apiClient(runtime.baseUrl).get('/health');
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ success: true, data: { status: 'ok' } });
  });

  it.each([
    ['no key', undefined],
    ['an unknown key', 'sk_test_nobody'],
  ])('refuses %s with 401 Unauthenticated. on every endpoint', async (_case, key) => {
    const client = apiClient(runtime.baseUrl, key);
    for (const response of [
      await client.post('/freight-orders', freightOrder()),
      await client.post('/parcel-orders', parcelOrder()),
      await client.get('/orders'),
      await client.get('/shippers'),
      await client.get('/addresses'),
      await client.post('/addresses', {}),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ success: false, message: 'Unauthenticated.' });
    }
  });

  it('puts a request id on every response and logs it as structured JSON', async () => {
    const client = apiClient(runtime.baseUrl, 'sk_test_acme');
    const mine = await client.get('/shippers', { 'x-request-id': 'trace-abc-123' });
    expect(mine.headers.get('x-request-id')).toBe('trace-abc-123');
    const generated = await client.get('/no-such-route');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const line = await eventually(async () =>
      runtime
        .output()
        .split('\n')
        .find((entry) => entry.includes('trace-abc-123')),
    );
    const logged = JSON.parse(line);
    expect(logged).toMatchObject({ level: expect.any(Number) });
    expect(line).not.toContain('sk_test_acme');
  });

  it('does a POST once for one Idempotency-Key and replays the first answer', async () => {
    const client = apiClient(runtime.baseUrl, 'sk_test_acme');
    const headers = { 'idempotency-key': `order-${Date.now()}` };
    const existing = (await client.get('/orders?per_page=1000')).body.data.data.map(
      (order: any) => order.shipment_order_id,
    );
    const countBefore = { maxId: Math.max(0, ...existing) };
    const first = await client.post('/freight-orders', freightOrder(), headers);
    const again = await client.post('/freight-orders', freightOrder(), headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await client.post(
      '/freight-orders',
      { ...freightOrder(), pickup_date: '2026-12-24' },
      headers,
    );
    expect(other.status).toBe(422);
    expect(other.body.success).toBe(false);
    // A later order, once listed, proves every earlier event was projected (the projection keeps $all order).
    const sentinel = await client.post('/parcel-orders', parcelOrder());
    const ids = await eventually(async () => {
      const listed = (await client.get('/orders?per_page=1000')).body.data.data.map(
        (order: any) => order.shipment_order_id,
      );
      return listed.includes(sentinel.body.data.shipment_order_id) ? listed : undefined;
    });
    expect(ids.filter((id: number) => id > countBefore.maxId)).toEqual([
      sentinel.body.data.shipment_order_id,
      first.body.data.shipment_order_id,
    ]);
    const sameKeyOtherAccount = await apiClient(runtime.baseUrl, 'sk_test_tiny').post(
      '/freight-orders',
      freightOrder(),
      headers,
    );
    expect(sameKeyOtherAccount.status).toBe(201);
    expect(sameKeyOtherAccount.body.data.shipment_order_id).not.toBe(first.body.data.shipment_order_id);
  });
});
