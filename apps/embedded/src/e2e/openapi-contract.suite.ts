import {
  apiClient,
  batchShipment,
  fedexPickupOrder,
  fedexPickupRates,
  freightOrder,
  openApiContract,
  parcelOrder,
  type RuntimeProcess,
  usAddress,
} from '@shipping/testing';

const SANDBOX_ADMIN_KEY = 'sk_admin_sandbox_embedded';

/**
 * With CONTRACT_BASE_URL the tour runs against a service already running there instead (a fresh
 * `npm run start:distributed`, say, whose gateways take the same sandbox admin key); `-t 'OpenAPI
 * document'` runs it alone.
 */
const externalBaseUrl = process.env['CONTRACT_BASE_URL'];

/**
 * A tour over every documented route, by method and path, with the malformed requests each one
 * refuses (so it stays on the raw apiClient): every answer keeps the document's schema for its
 * route and status (the conformance hook), quotes one of its messages and sends its headers.
 * It lists without counting and ships a batch it does not wait for, so on a shared runtime it
 * runs last.
 */
export const openApiContractSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('the answers keep the OpenAPI document', () => {
    let runtime: Pick<RuntimeProcess, 'baseUrl'>;
    let acme: ReturnType<typeof apiClient>;
    let contract: ReturnType<typeof openApiContract>;
    const violations: string[] = [];
    const seen = new Set<string>();

    async function call(method: string, path: string, body?: unknown, headers?: Record<string, string>) {
      // The body's schema and the status are checked by the conformance hook of apiClient.
      const response = await acme.call(method, path, body, headers);
      for (const violation of [
        contract.messageViolation(method, path, response.status, response.body),
        contract.headerViolation(method, path, response.status, response.headers),
      ])
        if (violation) violations.push(violation);
      const operation = contract.operations.find(
        (candidate) =>
          candidate.method === method && candidate.pattern.test(path.split('?')[0].replace(/(.)\/+$/, '$1')),
      );
      if (operation) seen.add(`${method} ${operation.path}`);
      else violations.push(`${method} ${path.split('?')[0]} is not documented`);
      return response;
    }

    beforeAll(async () => {
      runtime = externalBaseUrl ? { baseUrl: externalBaseUrl } : runtimeOf();
      acme = apiClient(runtime.baseUrl, 'sk_test_acme');
      const document = await apiClient(runtime.baseUrl).get('/openapi.json');
      expect(document.status).toBe(200);
      contract = openApiContract(document.body);
    });

    it('serves the reference page from installed files under the dashboard CSP', async () => {
      const anonymous = apiClient(runtime.baseUrl);
      const [page, dashboard, bundle] = await Promise.all([
        anonymous.get('/docs'),
        anonymous.get('/dashboard'),
        anonymous.get('/docs/swagger-ui-bundle.js'),
      ]);
      expect(page.status).toBe(200);
      expect(page.text).toContain('/docs/swagger-ui-bundle.js');
      expect(page.text).not.toMatch(/<script>|https?:\/\//);
      expect(page.headers.get('content-security-policy')).toBe(
        dashboard.headers.get('content-security-policy'),
      );
      expect(bundle.status).toBe(200);
      expect((await anonymous.get('/docs/..%2Fpackage.json')).status).toBe(404);
    });

    it('answers every documented route in the documented shapes, successes and failures', async () => {
      await call('GET', '/health');
      await call('GET', '/health/live');
      await call('GET', '/health/ready');
      await call('GET', '/audit/keys');
      await call('GET', '/shippers');
      await call('GET', '/addresses');
      await call('POST', '/addresses', { ...usAddress(), is_residential: false });
      await call('POST', '/addresses', {});
      const order = await call('POST', '/freight-orders', freightOrder());
      await call('POST', '/freight-orders', {
        ...freightOrder(),
        shipment_order_id: order.body.data.shipment_order_id,
      });
      await call('POST', '/parcel-orders', parcelOrder());
      await call('POST', '/parcel-orders', { to_address: 1 });
      await call('GET', '/orders?per_page=2');
      await call('GET', '/orders?page=0');
      const pickup = await call('POST', '/pickup-orders', fedexPickupOrder());
      await call('POST', '/pickup-orders/get-rates', fedexPickupRates());
      await call('GET', '/pickup-orders');
      await call('GET', `/pickup-orders/${pickup.body.data.id}`);
      await call('GET', '/pickup-orders/0');
      await call('DELETE', `/pickup-orders/${pickup.body.data.id}`);
      await call('DELETE', '/pickup-orders/none');
      await call('POST', '/parcel-orders/instant-ship', {});
      const batch = await call('POST', '/batches', {
        shipper_id: 1,
        service: 'USPS-1',
        batch_shipments: [batchShipment(0)],
      });
      const id: string = batch.body.data.id;
      await call('GET', `/batches/${id}?per_page=1`);
      await call('GET', `/batches/${id}/events`);
      await call('GET', '/batches');
      await call('POST', `/batches/${id}/ship`, undefined, { 'Idempotency-Key': `ship-${id}` });
      await call('GET', '/batches/unknown');
      await call('POST', '/batches/unknown/ship');
      await call('GET', '/batches/unknown/events');
      const webhook = await call('POST', '/webhooks', { url: 'https://example.com/hooks' });
      await call('PATCH', `/webhooks/${webhook.body.data.id}`, {
        events: ['shipment.shipped', 'batch.completed'],
      });
      await call('PATCH', `/webhooks/${webhook.body.data.id}`, { events: ['no.such.event'] });
      await call('GET', '/webhooks');
      await call('GET', `/webhooks/${webhook.body.data.id}/deliveries`);
      await call('POST', `/webhooks/${webhook.body.data.id}/deliveries/none/redeliver`);
      await call('DELETE', `/webhooks/${webhook.body.data.id}`);
      await call('DELETE', '/webhooks/0');
      await call('GET', '/account');
      await call('GET', '/account/ledger?per_page=2');
      await call('GET', '/account/ledger?page=0');
      await call('GET', '/account/audit-export?stream=order-1');
      await call('GET', '/account/audit-export?from=yesterday');
      await call('GET', '/audit/checkpoints?per_page=2');
      await call('GET', '/audit/checkpoints?per_page=0');
      const admin = { authorization: `Bearer ${SANDBOX_ADMIN_KEY}` };
      await call('GET', '/admin/audit/exports?account=acct_acme&stream=order-1', undefined, admin);
      await call('GET', '/admin/audit/exports', undefined, admin);
      const account = await call('POST', '/admin/accounts', { name: 'Contract Co' }, admin);
      const accountId: string = account.body.data.id;
      await call('POST', '/admin/accounts', { weight_unit: 'TONS' }, admin);
      await call('GET', '/admin/accounts?per_page=1', undefined, admin);
      await call('GET', '/admin/accounts?page=0', undefined, admin);
      await call('GET', `/admin/accounts/${accountId}`, undefined, admin);
      const unknownAccount = await call('GET', '/admin/accounts/acct_none', undefined, admin);
      const key = await call('POST', `/admin/accounts/${accountId}/api-keys`, { mode: 'test' }, admin);
      await call('POST', `/admin/accounts/${accountId}/api-keys`, { mode: 'gold' }, admin);
      await call('GET', `/admin/accounts/${accountId}/api-keys`, undefined, admin);
      await call('DELETE', `/admin/accounts/${accountId}/api-keys/${key.body.data.id}`, undefined, admin);
      await call('DELETE', `/admin/accounts/${accountId}/api-keys/key_none`, undefined, admin);
      const shipper = { carrier: 'usps', own_integration: false, name: 'USPS' };
      await call('POST', `/admin/accounts/${accountId}/shippers`, shipper, admin);
      await call('POST', `/admin/accounts/${accountId}/shippers`, { carrier: 'pigeon' }, admin);
      const upsCredentials = {
        client_id: 'contract-ups',
        client_secret: 'contract-secret',
        account_number: 'A1B2C3',
      };
      const ups = await call(
        'POST',
        `/admin/accounts/${accountId}/shippers`,
        { carrier: 'ups', own_integration: true, name: 'UPS', credentials: upsCredentials },
        admin,
      );
      const credentialsPath = `/admin/accounts/${accountId}/shippers/${ups.body.data.id}/credentials`;
      await call('PUT', credentialsPath, { credentials: upsCredentials }, admin);
      await call('PUT', credentialsPath, { credentials: { client_id: 'contract-ups' } }, admin);
      await call('PUT', `/admin/accounts/${accountId}/shippers/0/credentials`, { credentials: {} }, admin);
      await call('POST', `${credentialsPath}/verify`, undefined, admin);
      await call('POST', `/admin/accounts/${accountId}/shippers/0/credentials/verify`, undefined, admin);
      await call('POST', '/admin/carrier-credentials/reseal', undefined, admin);
      await call(
        'POST',
        `/admin/accounts/${accountId}/credit`,
        { amount: '250.00', reference: 'INV-1' },
        admin,
      );
      const refusedCredit = await call(
        'POST',
        `/admin/accounts/${accountId}/credit`,
        { amount: '-1', reference: 'INV-2' },
        admin,
      );
      const withApiKey = await call('GET', '/admin/accounts');
      expect([account.status, unknownAccount.status, refusedCredit.status, withApiKey.status]).toEqual([
        201, 404, 422, 401,
      ]);
      expect(key.body.data.key).toEqual(expect.any(String));
      await call('GET', '/labels/none.pdf?expires=1&signature=x');
      await call('GET', '/shippers', undefined, { authorization: 'Bearer wrong' });
      await call('POST', '/parcel-orders', '{"broken"', { 'content-type': 'application/json' });
      const oversized = await call('GET', `/shippers?q=${'a'.repeat(20_000)}`);
      expect({ status: oversized.status, success: oversized.body?.success }).toEqual({
        status: 431,
        success: false,
      });
      expect(violations).toEqual([]);
      expect([...seen].sort()).toEqual(
        contract.operations.map(({ method, path }) => `${method} ${path}`).sort(),
      );
    });
  });
