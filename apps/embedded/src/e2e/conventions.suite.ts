import { type ShippingClient, unwrap } from '@shipping/client';
import {
  apiClient,
  eventually,
  freightOrder,
  parcelOrder,
  type RuntimeProcess,
  testClient,
} from '@shipping/testing';

const orderIds = async (client: ShippingClient) =>
  unwrap(await client.GET('/orders', { params: { query: { per_page: 1000 } } })).data.map(
    (order) => order.shipment_order_id,
  );

/**
 * The gateway's conventions, on the sandbox's Acme and Tiny. The runtime must log at info: the
 * request log is read for a request id of its own. On Acme it reads only the orders it made, so no
 * other suite may add orders there while it runs.
 */
export const gatewayConventionsSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('gateway conventions on the running service', () => {
    let runtime: RuntimeProcess;

    beforeAll(() => {
      runtime = runtimeOf();
    });

    it('answers GET /health without a key', async () => {
      const health = await testClient(runtime.baseUrl).GET('/health');
      expect(health.response.status).toBe(200);
      expect(health.data).toEqual({ success: true, data: { status: 'ok' } });
    });

    it.each([
      ['no key', undefined],
      ['an unknown key', 'sk_test_nobody'],
    ])('refuses %s with 401 Unauthenticated. on every endpoint', async (_case, key) => {
      const client = testClient(runtime.baseUrl, key);
      const answers = [
        await client.POST('/freight-orders', { body: freightOrder() }),
        await client.POST('/parcel-orders', { body: parcelOrder() }),
        await client.GET('/orders'),
        await client.GET('/shippers'),
        await client.GET('/addresses'),
      ].map(({ response, error }) => ({ status: response.status, body: error }));
      // An empty address, which the typed client cannot send.
      answers.push(await apiClient(runtime.baseUrl, key).post('/addresses', {}));
      for (const response of answers) {
        expect(response.status).toBe(401);
        expect(response.body).toEqual({ success: false, message: 'Unauthenticated.' });
      }
    });

    it('puts a request id on every response and logs it as structured JSON', async () => {
      const mine = await testClient(runtime.baseUrl, 'sk_test_acme').GET('/shippers', {
        headers: { 'x-request-id': 'trace-abc-123' },
      });
      expect(mine.response.headers.get('x-request-id')).toBe('trace-abc-123');
      // A path the document does not have, which the typed client cannot call.
      const generated = await apiClient(runtime.baseUrl, 'sk_test_acme').get('/no-such-route');
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
      const client = testClient(runtime.baseUrl, 'sk_test_acme');
      const params = { header: { 'Idempotency-Key': `order-${Date.now()}` } };
      const countBefore = { maxId: Math.max(0, ...(await orderIds(client))) };
      const first = await client.POST('/freight-orders', { params, body: freightOrder() });
      const again = await client.POST('/freight-orders', { params, body: freightOrder() });
      expect(first.response.status).toBe(201);
      expect(again.response.status).toBe(201);
      expect(again.data).toEqual(first.data);
      expect(again.response.headers.get('idempotent-replayed')).toBe('true');
      const other = await client.POST('/freight-orders', {
        params,
        body: { ...freightOrder(), pickup_date: '2026-12-24' },
      });
      expect(other.response.status).toBe(422);
      expect(other.error?.success).toBe(false);
      // A later order, once listed, proves every earlier event was projected (the projection keeps $all order).
      const sentinel = unwrap(await client.POST('/parcel-orders', { body: parcelOrder() }));
      const ids = await eventually(async () => {
        const listed = await orderIds(client);
        return listed.includes(sentinel.shipment_order_id) ? listed : undefined;
      });
      expect(ids.filter((id) => id > countBefore.maxId)).toEqual([
        sentinel.shipment_order_id,
        first.data!.data.shipment_order_id,
      ]);
      const sameKeyOtherAccount = await testClient(runtime.baseUrl, 'sk_test_tiny').POST('/freight-orders', {
        params,
        body: freightOrder(),
      });
      expect(sameKeyOtherAccount.response.status).toBe(201);
      expect(sameKeyOtherAccount.data!.data.shipment_order_id).not.toBe(first.data!.data.shipment_order_id);
    });
  });
