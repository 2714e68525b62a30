import { type ShippingClient, unwrap } from '@shipping/client';
import { apiClient, fieldErrorsOf, type RuntimeProcess, testClient } from '@shipping/testing';
import { onboardMerchant } from './own-merchant';

const INVALID = 'The given data was invalid.';
const UNKNOWN_TYPES =
  'The events field has unknown event types: batch.done, nope. Known types: shipment.shipped, batch.validated, batch.completed, batch.item_failed.';

/** Its two merchants are its own: the endpoints they list and the deliveries they page are its own. */
export const webhookEndpointsSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('webhook endpoints over HTTP', () => {
    let runtime: RuntimeProcess;
    let acme: ShippingClient;
    let tiny: ShippingClient;
    let rawAcme: ReturnType<typeof apiClient>;

    const endpointPath = (id: number) => ({ params: { path: { webhook_id: String(id) } } });

    beforeAll(async () => {
      runtime = runtimeOf();
      const [acmeMerchant, tinyMerchant] = await Promise.all([
        onboardMerchant(runtime.baseUrl, 'Webhook Endpoints Acme'),
        onboardMerchant(runtime.baseUrl, 'Webhook Endpoints Tiny'),
      ]);
      acme = acmeMerchant.client;
      tiny = tinyMerchant.client;
      rawAcme = apiClient(runtime.baseUrl, acmeMerchant.apiKey);
    });

    it('registers an endpoint and shows its signing secret in that answer only', async () => {
      const created = await acme.POST('/webhooks', { body: { url: 'http://127.0.0.1:9/hooks' } });
      expect(created.response.status).toBe(201);
      expect(created.data).toEqual({
        success: true,
        data: {
          id: expect.any(Number),
          url: 'http://127.0.0.1:9/hooks',
          secret: expect.stringMatching(/^whsec_[0-9a-f]{64}$/),
          events: ['shipment.shipped'],
          created_at: expect.any(String),
        },
      });
      const { secret, ...shown } = created.data!.data;
      expect(secret).toBeDefined();

      const listed = await acme.GET('/webhooks');
      expect(listed.response.status).toBe(200);
      expect(listed.data!.data).toContainEqual(shown);
      expect(JSON.stringify(listed.data)).not.toContain(secret);
      expect(unwrap(await tiny.GET('/webhooks'))).not.toContainEqual(shown);
    });

    it.each([
      ['a relative url', '/hooks', 'The url must be a valid http or https URL.'],
      ['another scheme', 'ftp://example.com/hooks', 'The url must be a valid http or https URL.'],
      [
        'a url over 2,048 characters',
        `https://example.com/${'a'.repeat(2048)}`,
        'The url must not be greater than 2048 characters.',
      ],
    ])('refuses %s with 422 on url', async (_case, url, message) => {
      const refused = await acme.POST('/webhooks', { body: { url } });
      expect(refused.response.status).toBe(422);
      expect(refused.error).toEqual({ success: false, message: INVALID, data: { url: [message] } });
    });

    it('refuses no url with 422 on url', async () => {
      // A body without its required url, which the typed client cannot send.
      const refused = await rawAcme.post('/webhooks', {});
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({
        success: false,
        message: INVALID,
        data: { url: ['The url field is required.'] },
      });
    });

    it('lists an endpoint’s deliveries as a page, and hides another account’s endpoint', async () => {
      const { id } = unwrap(await acme.POST('/webhooks', { body: { url: 'https://example.com/hooks' } }));
      const page = await acme.GET('/webhooks/{webhook_id}/deliveries', {
        params: { path: { webhook_id: String(id) }, query: { per_page: 10 } },
      });
      expect(page.response.status).toBe(200);
      expect(page.data!.data).toMatchObject({
        current_page: 1,
        data: [],
        per_page: 10,
        next_page_url: null,
        from: null,
        to: null,
      });
      expect(page.data!.data.path).toBe(`${runtime.baseUrl}/webhooks/${id}/deliveries`);

      for (const response of [
        await tiny.GET('/webhooks/{webhook_id}/deliveries', endpointPath(id)),
        await acme.GET('/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: '999999999' } },
        }),
        await acme.GET('/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: 'not-an-id' } },
        }),
        await tiny.POST('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', {
          params: { path: { webhook_id: String(id), delivery_id: 'whd_x' } },
        }),
      ]) {
        expect(response.response.status).toBe(404);
        expect(response.error).toEqual({ success: false, message: 'Webhook endpoint not found.' });
      }
      const unknownDelivery = await acme.POST('/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver', {
        params: { path: { webhook_id: String(id), delivery_id: 'whd_unknown' } },
      });
      expect(unknownDelivery.response.status).toBe(404);
      expect(unknownDelivery.error).toEqual({ success: false, message: 'Webhook delivery not found.' });
      const emptyPage = await acme.GET('/webhooks/{webhook_id}/deliveries', {
        params: { path: { webhook_id: String(id) }, query: { per_page: 0 } },
      });
      expect(emptyPage.response.status).toBe(422);
    });

    it('deletes only the caller’s own endpoint, once', async () => {
      const { id } = unwrap(await acme.POST('/webhooks', { body: { url: 'https://example.com/removed' } }));
      const notTheirs = await tiny.DELETE('/webhooks/{webhook_id}', endpointPath(id));
      expect(notTheirs.response.status).toBe(404);
      expect(notTheirs.error).toEqual({ success: false, message: 'Webhook endpoint not found.' });

      const removed = await acme.DELETE('/webhooks/{webhook_id}', endpointPath(id));
      expect(removed.response.status).toBe(200);
      expect(removed.data).toEqual({
        success: true,
        data: {
          id,
          url: 'https://example.com/removed',
          events: ['shipment.shipped'],
          created_at: expect.any(String),
        },
        message: 'Webhook endpoint deleted.',
      });
      expect(unwrap(await acme.GET('/webhooks')).map((endpoint) => endpoint.id)).not.toContain(id);
      expect((await acme.DELETE('/webhooks/{webhook_id}', endpointPath(id))).response.status).toBe(404);
      expect((await acme.GET('/webhooks/{webhook_id}/deliveries', endpointPath(id))).response.status).toBe(
        404,
      );
    });

    it('registers with event types, changes them and the url with PATCH, and names unknown types in a 422', async () => {
      const created = await acme.POST('/webhooks', {
        body: { url: 'http://127.0.0.1:9/typed', events: ['batch.validated', 'batch.completed'] },
      });
      expect(created.response.status).toBe(201);
      expect(created.data!.data.events).toEqual(['batch.validated', 'batch.completed']);
      const id = created.data!.data.id;

      // Event types outside the documented enum, which the typed client cannot send.
      const unknown = await rawAcme.post('/webhooks', {
        url: 'http://127.0.0.1:9/x',
        events: ['batch.done', 'nope'],
      });
      expect(unknown.status).toBe(422);
      expect(unknown.body).toEqual({
        success: false,
        message: INVALID,
        data: { events: [UNKNOWN_TYPES] },
      });

      const typesChanged = await acme.PATCH('/webhooks/{webhook_id}', {
        ...endpointPath(id),
        body: { events: ['batch.item_failed'] },
      });
      expect(typesChanged.response.status).toBe(200);
      expect(typesChanged.data!.data).toEqual({
        ...created.data!.data,
        secret: undefined,
        events: ['batch.item_failed'],
      });
      const urlChanged = await acme.PATCH('/webhooks/{webhook_id}', {
        ...endpointPath(id),
        body: { url: 'http://127.0.0.1:9/moved' },
      });
      expect(urlChanged.data!.data).toMatchObject({
        url: 'http://127.0.0.1:9/moved',
        events: ['batch.item_failed'],
      });
      // An event type outside the documented enum, which the typed client cannot send.
      expect((await rawAcme.call('PATCH', `/webhooks/${id}`, { events: ['x'] })).status).toBe(422);
      const empty = await acme.PATCH('/webhooks/{webhook_id}', { ...endpointPath(id), body: {} });
      expect(fieldErrorsOf(empty)).toEqual({
        url: ['The url field is required when events is not present.'],
      });
      const notTheirs = await tiny.PATCH('/webhooks/{webhook_id}', {
        ...endpointPath(id),
        body: { events: ['batch.completed'] },
      });
      expect(notTheirs.response.status).toBe(404);
      expect(unwrap(await acme.GET('/webhooks'))).toContainEqual(urlChanged.data!.data);
    });

    it('asks for an API key', async () => {
      const anonymous = testClient(runtime.baseUrl);
      for (const response of [
        await anonymous.GET('/webhooks'),
        await anonymous.POST('/webhooks', { body: { url: 'https://example.com/x' } }),
      ]) {
        expect(response.response.status).toBe(401);
      }
    });
  });
