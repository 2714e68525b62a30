import { type ShippingClient, ShippingApiError, unwrap, waitForBatchStatus } from '@shipping/client';
import { batchShipment, type RuntimeProcess, testClient } from '@shipping/testing';
import { merchantShipment, onboardMerchant, type OwnMerchant } from './own-merchant';

/**
 * GET /batches, the dashboard's batches page, through the typed client. Its two merchants are
 * its own, so their lists hold only the batches it made.
 */
export const batchListSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('the list of batches', () => {
    let runtime: RuntimeProcess;
    let acme: ShippingClient;
    let tiny: ShippingClient;
    const acmeBatchIds: string[] = [];
    let tinyBatchId: string;

    const create = async (merchant: OwnMerchant, count: number) => {
      const created = await merchant.client.POST('/batches', {
        body: {
          shipper_id: merchant.shipperId,
          service: 'USPS-2',
          batch_shipments: Array.from({ length: count }, (_, index) =>
            merchantShipment(merchant, batchShipment(index)),
          ),
        },
      });
      expect(created.response.status).toBe(201);
      return unwrap(created).id;
    };
    const list = async (client: ShippingClient, query: { page?: number; per_page?: number } = {}) =>
      unwrap(await client.GET('/batches', { params: { query } }));

    beforeAll(async () => {
      runtime = runtimeOf();
      const [acmeMerchant, tinyMerchant] = await Promise.all([
        onboardMerchant(runtime.baseUrl, 'Batch List Acme'),
        onboardMerchant(runtime.baseUrl, 'Batch List Tiny'),
      ]);
      acme = acmeMerchant.client;
      tiny = tinyMerchant.client;
      for (const count of [1, 2, 3]) acmeBatchIds.push(await create(acmeMerchant, count));
      tinyBatchId = await create(tinyMerchant, 1);
    });

    it("lists the account's batches newest first, each with its status and results", async () => {
      await waitForBatchStatus(acme, acmeBatchIds[2], ['ready']);
      const listed = await list(acme);
      expect(listed.data.map((batch) => batch.id)).toEqual([...acmeBatchIds].reverse());
      expect(listed.data[0]).toEqual({
        id: acmeBatchIds[2],
        status: 'ready',
        default_service: 'USPS-2',
        default_shipper_id: expect.any(String),
        results: {
          total_count: 3,
          valid_count: 3,
          invalid_count: 0,
          completed_count: 0,
          failed_count: 0,
          completion_percentage: '0%',
        },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      const created = listed.data.map((batch) => batch.created_at);
      expect(created).toEqual([...created].sort().reverse());
    });

    it('pages in the envelope of the other listings, keeping per_page in every page URL', async () => {
      const first = await list(acme, { per_page: 2 });
      expect(first).toEqual({
        current_page: 1,
        data: [
          expect.objectContaining({ id: acmeBatchIds[2] }),
          expect.objectContaining({ id: acmeBatchIds[1] }),
        ],
        first_page_url: `${runtime.baseUrl}/batches?per_page=2&page=1`,
        from: 1,
        next_page_url: `${runtime.baseUrl}/batches?per_page=2&page=2`,
        path: `${runtime.baseUrl}/batches`,
        per_page: 2,
        prev_page_url: null,
        to: 2,
      });
      const second = await list(acme, { per_page: 2, page: 2 });
      expect(second.data.map((batch) => batch.id)).toEqual([acmeBatchIds[0]]);
      expect([second.from, second.to, second.next_page_url]).toEqual([3, 3, null]);
      expect(second.prev_page_url).toBe(`${runtime.baseUrl}/batches?per_page=2&page=1`);
      const past = await list(acme, { per_page: 2, page: 3 });
      expect([past.data, past.from, past.to]).toEqual([[], null, null]);
    });

    it("shows another account none of Acme's batches, and Acme none of its", async () => {
      const tinyList = await list(tiny);
      expect(tinyList.data.map((batch) => batch.id)).toEqual([tinyBatchId]);
      const acmeList = await list(acme, { per_page: 1000 });
      expect(acmeList.data.map((batch) => batch.id)).not.toContain(tinyBatchId);
    });

    it.each([
      ['per_page=0', { per_page: ['The per_page must be at least 1.'] }],
      ['per_page=1001', { per_page: ['The per_page may not be greater than 1000.'] }],
      ['page=abc', { page: ['The page must be an integer.'] }],
      ['page=1&page=2', { page: ['The page must be an integer.'] }],
      [
        'page=0&per_page=2.5',
        { page: ['The page must be at least 1.'], per_page: ['The per_page must be an integer.'] },
      ],
    ])('refuses %s with 422 in the envelope', async (query, errors) => {
      // Queries the typed parameters cannot express are sent as they are.
      const refused = await acme.GET('/batches', { querySerializer: () => query });
      expect(refused.response.status).toBe(422);
      expect(refused.error).toEqual({ success: false, message: 'The given data was invalid.', data: errors });
      expect(() => unwrap(refused)).toThrow(ShippingApiError);
    });

    it('needs an API key', async () => {
      const anonymous = await testClient(runtime.baseUrl).GET('/batches');
      expect(anonymous.response.status).toBe(401);
      expect(anonymous.error).toEqual({ success: false, message: 'Unauthenticated.' });
    });
  });
