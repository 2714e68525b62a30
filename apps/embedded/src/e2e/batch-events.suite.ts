import { type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  type RuntimeProcess,
  fieldErrorsOf,
  testClient,
  undeliverableBatchShipment,
} from '@shipping/testing';

/** A batch of Acme's own making: the suite reads only its stream. */
export const batchEventsSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('GET /batches/{id}/events on PostgreSQL', () => {
    let runtime: RuntimeProcess;
    let acme: ShippingClient;
    let tiny: ShippingClient;
    let batchId: string;
    const eventsOf = (client: ShippingClient, id: string, query: { page?: number; per_page?: number } = {}) =>
      client.GET('/batches/{batch_id}/events', { params: { path: { batch_id: id }, query } });

    beforeAll(async () => {
      runtime = runtimeOf();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
      tiny = testClient(runtime.baseUrl, 'sk_test_tiny');
      const created = await acme.POST('/batches', {
        body: {
          shipper_id: 1,
          service: 'USPS-1',
          batch_shipments: [batchShipment(0), undeliverableBatchShipment(1), batchShipment(2)],
        },
        headers: { 'x-request-id': 'create-batch-events-1' },
      });
      batchId = unwrap(created).id;
      await waitForBatchStatus(acme, batchId, ['ready']);
      await acme.POST('/batches/{batch_id}/ship', {
        params: { path: { batch_id: batchId } },
        headers: { 'x-request-id': 'ship-batch-events-1' },
      });
      await waitForBatchStatus(acme, batchId, ['completed']);
    });

    it('lists the batch stream in order, page by page, in the pagination envelope', async () => {
      const first = await eventsOf(acme, batchId, { per_page: 4 });
      expect(first.response.status).toBe(200);
      const page = unwrap(first);
      expect(page).toMatchObject({
        current_page: 1,
        per_page: 4,
        from: 1,
        to: 4,
        prev_page_url: null,
        path: `${runtime.baseUrl}/batches/${batchId}/events`,
        first_page_url: `${runtime.baseUrl}/batches/${batchId}/events?per_page=4&page=1`,
        next_page_url: `${runtime.baseUrl}/batches/${batchId}/events?per_page=4&page=2`,
      });
      const events = [...page.data];
      let next: string | null = page.next_page_url;
      while (next) {
        const query = new URL(next).searchParams;
        const more = unwrap(
          await eventsOf(acme, batchId, {
            page: Number(query.get('page')),
            per_page: Number(query.get('per_page')),
          }),
        );
        events.push(...more.data);
        next = more.next_page_url;
      }
      expect(events.map((event) => event.type)).toEqual([
        'BatchCreated',
        'ItemValidated',
        'ItemValidated',
        'ItemValidated',
        'BatchValidated',
        'BatchShipped',
        'ItemCompleted',
        'ItemFailed',
        'ItemCompleted',
        'LabelFilesMerged',
        'BatchCompleted',
      ]);
      const [created, validated] = events;
      expect(created).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        type: 'BatchCreated',
        version: 3,
        data: expect.objectContaining({
          batch_id: batchId,
          service: 'USPS-1',
          shipper: { carrier: 'usps', integration: 'own' },
          key_mode: 'test',
          item_count: 3,
          items: expect.any(Array),
        }),
        occurred_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        correlation_id: 'create-batch-events-1',
        causation_id: 'create-batch-events-1',
      });
      expect(validated.correlation_id).toBe('create-batch-events-1');
      expect(validated.causation_id).toBe(created.id);
      expect(events.find((event) => event.type === 'BatchShipped')?.correlation_id).toBe(
        'ship-batch-events-1',
      );
      expect(events.find((event) => event.type === 'ItemFailed')?.data).toMatchObject({
        batch_id: batchId,
        index: 1,
      });
      const times = events.map((event) => Date.parse(event.occurred_at));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
    });

    it('answers an empty page past the end', async () => {
      const past = await eventsOf(acme, batchId, { page: 9, per_page: 4 });
      expect(past.response.status).toBe(200);
      expect(past.data!.data).toMatchObject({
        data: [],
        from: null,
        to: null,
        next_page_url: null,
        current_page: 9,
      });
    });

    it('is "Batch not found." for another account and for an unknown batch', async () => {
      for (const [client, id] of [
        [tiny, batchId],
        [acme, 'unknownbatch'],
        [acme, `${batchId}x`],
      ] as const) {
        const response = await eventsOf(client, id);
        expect(response.response.status).toBe(404);
        expect(response.error).toEqual({ success: false, message: 'Batch not found.' });
      }
    });

    it('refuses a bad page or per_page like other listings', async () => {
      const response = await eventsOf(acme, batchId, { per_page: 0 });
      expect(response.response.status).toBe(422);
      expect(fieldErrorsOf(response)).toEqual({ per_page: ['The per_page must be at least 1.'] });
    });
  });
