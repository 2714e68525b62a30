import { PDFDocument } from 'pdf-lib';
import { Client } from 'pg';
import { type components, type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import {
  apiClient,
  batchShipment,
  invalidBatchShipment,
  type RuntimeProcess,
  testClient,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { batchItems } from './batch-support';

/**
 * Parcel batches through HTTP on Acme and Tiny: every read is of a batch it made, its ledger
 * events counted by that batch's id.
 */
export const batchesSuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('parcel batches through HTTP', () => {
    let runtime: RuntimeProcess;
    let db: Client;
    let acme: ShippingClient;
    let tiny: ShippingClient;
    let rawAcme: ReturnType<typeof apiClient>;
    const batch = (batch_id: string) => ({ params: { path: { batch_id } } });

    const ledgerEvents = async (type: string, batchId: string) =>
      Number(
        (
          await db.query(
            `select count(*) from event_store.events where stream_name like 'ledger-%' and event_type = $1 and data->>'batch_id' = $2`,
            [type, batchId],
          )
        ).rows[0].count,
      );

    beforeAll(async () => {
      runtime = runtimeOf();
      db = new Client({ connectionString: databaseUrlOf() });
      await db.connect();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
      tiny = testClient(runtime.baseUrl, 'sk_test_tiny');
      rawAcme = apiClient(runtime.baseUrl, 'sk_test_acme');
    });

    afterAll(async () => {
      await db?.end();
    });

    it('refuses a shipper that is not the account own postal integration, and a service that is not USPS', async () => {
      for (const shipper_id of [2, 3, 4, 999]) {
        const response = await acme.POST('/batches', {
          body: { shipper_id, service: 'USPS-1', batch_shipments: [batchShipment()] },
        });
        expect(response.response.status).toBe(422);
        expect(response.error).toEqual({
          success: false,
          message: 'The shipper was not found or does not meet the batch requirements.',
        });
      }
      // A service outside the document's enum, which the typed client cannot send.
      const badService = await rawAcme.post('/batches', {
        shipper_id: 1,
        service: 'FEDEX-1',
        batch_shipments: [batchShipment()],
      });
      expect(badService.body.data).toEqual({ service: ['The selected service is invalid.'] });
      // Shipments without their required fields, which the typed client cannot send.
      const tooMany = await rawAcme.post('/batches', {
        shipper_id: 1,
        service: 'USPS-1',
        batch_shipments: Array.from({ length: 1001 }, () => ({})),
      });
      expect(Object.keys(tooMany.body.data)).toEqual(['batch_shipments']);
    });

    it('runs a 250-item batch from invalid, through a fixed batch, to completed with failures and merged labels', async () => {
      const invalidAt = new Set([3, 77, 201]);
      const failAt = new Set([10, 150]);
      const shipments = Array.from({ length: 250 }, (_, index) =>
        invalidAt.has(index)
          ? invalidBatchShipment(index)
          : failAt.has(index)
            ? undeliverableBatchShipment(index)
            : batchShipment(index),
      );
      const created = await acme.POST('/batches', {
        body: { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments },
      });
      expect(created.response.status).toBe(201);
      const batchId = created.data!.data.id;
      expect(created.data!.data).toEqual({
        id: expect.any(String),
        status: 'validating',
        default_service: 'USPS-1',
        default_shipper_id: expect.any(String),
      });

      const invalid = await waitForBatchStatus(acme, batchId, ['invalid', 'ready']);
      expect(invalid.status).toBe('invalid');
      expect(invalid.results).toEqual({
        total_count: 250,
        valid_count: 247,
        invalid_count: 3,
        completed_count: 0,
        failed_count: 0,
        completion_percentage: '0%',
      });
      const invalidItems = await batchItems(acme, batchId, 'invalid');
      expect(invalidItems).toHaveLength(3);
      expect(invalidItems[0].errors).toEqual({
        'to_address.telephone': ['The to_address.telephone must be between 10 and 15 digits.'],
      });
      const refused = await acme.POST('/batches/{batch_id}/ship', batch(batchId));
      expect(refused.response.status).toBe(409);
      expect((refused.error as components['schemas']['InvalidItemsErrorEnvelope']).data).toEqual({
        invalid_order_ids: invalidItems.map((item) => item.id),
      });

      const fixed = shipments.map((shipment, index) =>
        invalidAt.has(index) ? batchShipment(index) : shipment,
      );
      const second = unwrap(
        await acme.POST('/batches', { body: { shipper_id: 1, service: 'USPS-1', batch_shipments: fixed } }),
      );
      const ready = await waitForBatchStatus(acme, second.id, ['ready', 'invalid']);
      expect(ready.status).toBe('ready');
      expect(ready).not.toHaveProperty('labels');

      const shipped = await acme.POST('/batches/{batch_id}/ship', batch(second.id));
      expect(shipped.response.status).toBe(200);
      expect(shipped.data!.data).toEqual({
        id: second.id,
        status: 'processing',
        default_service: 'USPS-1',
        default_shipper_id: second.default_shipper_id,
        results: {
          total_count: 250,
          valid_count: 250,
          invalid_count: 0,
          completed_count: 0,
          failed_count: 0,
          completion_percentage: '0%',
        },
      });
      const again = await acme.POST('/batches/{batch_id}/ship', batch(second.id));
      expect(again.error).toEqual({ success: false, message: 'Batch is not ready to ship.' });

      const done = await waitForBatchStatus(acme, second.id, ['completed']);
      expect(done.results).toEqual({
        total_count: 250,
        valid_count: 0,
        invalid_count: 0,
        completed_count: 248,
        failed_count: 2,
        completion_percentage: '100%',
      });
      const failed = await batchItems(acme, second.id, 'failed');
      expect(failed.map((item) => item.shipment_order)).toEqual([null, null]);
      const completed = await batchItems(acme, second.id, 'completed');
      expect(completed).toHaveLength(248);
      expect(new Set(completed.map((item) => item.shipment_order?.main_tracking_number)).size).toBe(248);

      expect(done.labels).toHaveLength(3);
      let pages = 0;
      for (const url of done.labels as string[]) {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toContain('application/pdf');
        pages += (await PDFDocument.load(await response.arrayBuffer())).getPageCount();
      }
      expect(pages).toBe(248);
      expect(await ledgerEvents('BatchCharged', second.id)).toBe(1);
      expect(await ledgerEvents('ItemRefunded', second.id)).toBe(2);
    });

    it('pages items in order, keeps the status filter in every page URL and answers past the end', async () => {
      const created = unwrap(
        await acme.POST('/batches', {
          body: {
            shipper_id: 1,
            service: 'USPS-3',
            batch_shipments: Array.from({ length: 7 }, (_, i) =>
              i % 3 === 0 ? invalidBatchShipment(i) : batchShipment(i),
            ),
          },
        }),
      );
      await waitForBatchStatus(acme, created.id, ['invalid']);
      const page2 = unwrap(
        await acme.GET('/batches/{batch_id}', {
          params: { path: { batch_id: created.id }, query: { status: 'valid', per_page: 2, page: 2 } },
        }),
      );
      const base = `${runtime.baseUrl}/batches/${created.id}`;
      expect(page2.items).toMatchObject({
        current_page: 2,
        from: 3,
        to: 4,
        per_page: 2,
        path: base,
        first_page_url: `${base}?status=valid&per_page=2&page=1`,
        prev_page_url: `${base}?status=valid&per_page=2&page=1`,
        next_page_url: null,
      });
      expect(page2.items.data.map((item) => item.status)).toEqual(['valid', 'valid']);
      const all = await batchItems(acme, created.id);
      expect(all.map((item) => item.status)).toEqual([
        'invalid',
        'valid',
        'valid',
        'invalid',
        'valid',
        'valid',
        'invalid',
      ]);
      const past = unwrap(
        await acme.GET('/batches/{batch_id}', {
          params: { path: { batch_id: created.id }, query: { page: 9 } },
        }),
      );
      expect(past.items).toMatchObject({ data: [], from: null, to: null, next_page_url: null });
      // A status filter outside the document's enum, which the typed client cannot send.
      const badFilter = await rawAcme.get(`/batches/${created.id}?status=shipped`);
      expect(badFilter.status).toBe(422);
    });

    it('answers Batch not found. for unknown ids and for another account', async () => {
      const created = unwrap(
        await acme.POST('/batches', {
          body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment()] },
        }),
      );
      for (const [client, id] of [
        [tiny, created.id],
        [acme, 'nope'],
        [acme, 'x'.repeat(500)],
      ] as const) {
        const got = await client.GET('/batches/{batch_id}', batch(id));
        expect(got.response.status).toBe(404);
        expect(got.error).toEqual({ success: false, message: 'Batch not found.' });
        const ship = await client.POST('/batches/{batch_id}/ship', batch(id));
        expect(ship.error).toEqual({ success: false, message: 'Batch not found.' });
      }
    });

    it('refuses to ship without enough credit, changes nothing and leaves the batch shippable', async () => {
      const created = unwrap(
        await tiny.POST('/batches', {
          body: {
            shipper_id: 4,
            service: 'USPS-1',
            batch_shipments: Array.from({ length: 3 }, (_, i) => ({
              ...batchShipment(i),
              from_address_id: 3,
            })),
          },
        }),
      );
      await waitForBatchStatus(tiny, created.id, ['ready']);
      const refused = await tiny.POST('/batches/{batch_id}/ship', batch(created.id));
      expect(refused.response.status).toBe(402);
      expect(refused.error).toEqual({ success: false, message: expect.stringMatching(/not enough credit/i) });
      expect(unwrap(await tiny.GET('/batches/{batch_id}', batch(created.id))).status).toBe('ready');
      expect(await ledgerEvents('BatchCharged', created.id)).toBe(0);
    });

    it('ships once when two ship calls race: one succeeds, one is refused, one charge', async () => {
      const created = unwrap(
        await acme.POST('/batches', {
          body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(1), batchShipment(2)] },
        }),
      );
      await waitForBatchStatus(acme, created.id, ['ready']);
      const answers = await Promise.all([
        acme.POST('/batches/{batch_id}/ship', batch(created.id)),
        acme.POST('/batches/{batch_id}/ship', batch(created.id)),
      ]);
      expect(answers.map((answer) => answer.response.status).sort()).toEqual([200, 409]);
      expect(await ledgerEvents('BatchCharged', created.id)).toBe(1);
      await waitForBatchStatus(acme, created.id, ['completed']);
    });

    it('refuses label links with a bad signature or none', async () => {
      const created = unwrap(
        await acme.POST('/batches', {
          body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment()] },
        }),
      );
      await waitForBatchStatus(acme, created.id, ['ready']);
      await acme.POST('/batches/{batch_id}/ship', batch(created.id));
      const done = await waitForBatchStatus(acme, created.id, ['completed']);
      const url = new URL(done.labels![0]);
      const tampered = `${url.origin}${url.pathname}?expires=${url.searchParams.get('expires')}&signature=${'0'.repeat(64)}`;
      expect((await fetch(tampered)).status).toBe(403);
      expect((await fetch(`${url.origin}${url.pathname}`)).status).toBe(403);
      const expired = `${url.origin}${url.pathname}?expires=1&signature=${url.searchParams.get('signature')}`;
      expect((await fetch(expired)).status).toBe(403);
    });
  });
