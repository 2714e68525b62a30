import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  eventually,
  invalidBatchShipment,
  startWebhookReceiver,
  type RuntimeProcess,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { batchItems } from './batch-support';
import { merchantShipment, onboardMerchant, type OwnMerchant } from './own-merchant';

interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
}

/**
 * Its merchant is its own: the endpoints it registers get the events of its batches and of no
 * other suite's.
 */
export const batchWebhooksSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('webhooks of the normal parcel-shipping flow (batch items)', () => {
    let runtime: RuntimeProcess;
    let merchant: OwnMerchant;
    let receiver: Server;
    const received: Received[] = [];
    const shipmentsOf = (...shipments: ReturnType<typeof batchShipment>[]) =>
      shipments.map((shipment) => merchantShipment(merchant, shipment));

    beforeAll(async () => {
      receiver = createServer((request, response) => {
        let raw = '';
        request.on('data', (chunk) => (raw += chunk));
        request.on('end', () => {
          received.push({ headers: request.headers, raw });
          response.writeHead(204).end();
        });
      });
      await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
      runtime = runtimeOf();
      merchant = await onboardMerchant(runtime.baseUrl, 'Batch Webhooks Acme');
    });

    afterAll(async () => {
      await new Promise((done) => receiver?.close(done));
    });

    it('delivers one signed webhook per completed item with the interface body, and none for failed items', async () => {
      const acme = merchant.client;
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
      const endpoint = await acme.POST('/webhooks', { body: { url } });
      expect(endpoint.response.status).toBe(201);
      const { id: endpointId, secret } = endpoint.data!.data;

      const shipments = shipmentsOf(batchShipment(0), undeliverableBatchShipment(1), batchShipment(2));
      shipments[2].package_list[0] = { ...shipments[2].package_list[0], count: 2 };
      const { id: batchId } = unwrap(
        await acme.POST('/batches', {
          body: { shipper_id: merchant.shipperId, service: 'USPS-2', batch_shipments: shipments },
        }),
      );
      await waitForBatchStatus(acme, batchId, ['ready']);
      await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
      await waitForBatchStatus(acme, batchId, ['completed']);
      const completed = await batchItems(acme, batchId, 'completed');

      await eventually(async () => (received.length >= 2 ? true : undefined), 20_000);
      await new Promise((done) => setTimeout(done, 300));
      expect(received).toHaveLength(2);
      const bodies = received.map((delivery) => {
        const [t, v1] = String(delivery.headers['webhook-signature'])
          .split(',')
          .map((part) => part.split('=')[1]);
        expect(createHmac('sha256', secret!).update(`${t}.${delivery.raw}`).digest('hex')).toBe(v1);
        expect(delivery.headers['webhook-id']).toEqual(expect.any(String));
        return JSON.parse(delivery.raw);
      });
      const tracking = completed.map((item) => item.shipment_order?.main_tracking_number).sort();
      expect(bodies.map((body) => body.main_tracking_number).sort()).toEqual(tracking);
      for (const body of bodies) {
        expect(body).toEqual({
          shipment_order_id: expect.any(Number),
          main_tracking_number: expect.stringMatching(/^9400\d{18}$/),
          sub_tracking_numbers: [],
          package_details: [{ tracking_number: body.main_tracking_number, items: [] }],
          final_price: expect.stringMatching(/^\d+\.\d{2}$/),
          carrier: 'usps',
          service: 'USPS Priority Mail Express',
          label: expect.stringContaining('/labels/'),
          mode: 'test',
        });
        const label = await fetch(body.label.replace(/^http:\/\/127\.0\.0\.1:\d+/, runtime.baseUrl));
        expect(label.status).toBe(200);
        expect(label.headers.get('content-type')).toContain('application/pdf');
      }
      const listed = await acme.GET('/webhooks/{webhook_id}/deliveries', {
        params: { path: { webhook_id: String(endpointId) } },
      });
      expect(listed.data!.data.data.map((delivery) => delivery.status)).toEqual(['delivered', 'delivered']);
    });

    it('sends batch.validated then batch.completed to an endpoint registered for them, verifiable with standardwebhooks, and batch.item_failed to one that asked for it', async () => {
      const acme = merchant.client;
      const [lifecycle, failures] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
      try {
        const registered = await acme.POST('/webhooks', {
          body: { url: lifecycle.url, events: ['batch.validated', 'batch.completed'] },
        });
        const secret = registered.data!.data.secret!;
        const failing = unwrap(await acme.POST('/webhooks', { body: { url: failures.url } }));
        await acme.PATCH('/webhooks/{webhook_id}', {
          params: { path: { webhook_id: String(failing.id) } },
          body: { events: ['batch.item_failed'] },
        });
        const untypedBefore = received.length;

        const { id: batchId } = unwrap(
          await acme.POST('/batches', {
            body: {
              shipper_id: merchant.shipperId,
              service: 'USPS-2',
              batch_shipments: shipmentsOf(batchShipment(0), undeliverableBatchShipment(1)),
            },
          }),
        );
        await waitForBatchStatus(acme, batchId, ['ready']);
        await acme.POST('/batches/{batch_id}/ship', { params: { path: { batch_id: batchId } } });
        const shown = await waitForBatchStatus(acme, batchId, ['completed']);
        const invalid = unwrap(
          await acme.POST('/batches', {
            body: {
              shipper_id: merchant.shipperId,
              service: 'USPS-2',
              batch_shipments: shipmentsOf(batchShipment(0), invalidBatchShipment(1)),
            },
          }),
        );
        await waitForBatchStatus(acme, invalid.id, ['invalid']);

        await eventually(
          async () => (lifecycle.received.length >= 3 && failures.received.length >= 1 ? true : undefined),
          20_000,
        );
        const verified = lifecycle.received.map((call) => {
          expect(call.headers['webhook-event-type']).toBe(call.body.type);
          return new Webhook(secret).verify(call.raw, call.headers as Record<string, string>) as any;
        });
        const ofBatch = verified.filter((body) => body.data.id === batchId);
        expect(ofBatch.map((body) => body.type)).toEqual(['batch.validated', 'batch.completed']);
        expect(ofBatch[0].data).toEqual({
          id: batchId,
          status: 'ready',
          default_service: shown.default_service,
          default_shipper_id: shown.default_shipper_id,
          results: expect.objectContaining({ total_count: 2, valid_count: 2, invalid_count: 0 }),
          invalid_item_ids: [],
        });
        const { labels, ...completed } = ofBatch[1].data;
        const { labels: shownLabels, items: _items, ...shownBatch } = shown;
        expect(completed).toEqual(shownBatch);
        expect(labels).toHaveLength(shownLabels!.length);
        const label = await fetch(labels[0].replace(/^http:\/\/127\.0\.0\.1:\d+/, runtime.baseUrl));
        expect(label.status).toBe(200);
        const invalidBody = verified.find((body) => body.data.id === invalid.id);
        expect(invalidBody.data).toMatchObject({
          status: 'invalid',
          invalid_item_ids: [(await batchItems(acme, invalid.id, 'invalid'))[0].id],
        });

        expect(failures.received.map((call) => call.body.type)).toEqual(['batch.item_failed']);
        expect(failures.received[0].body.data.failed_item).toEqual({
          id: (await batchItems(acme, batchId, 'failed'))[0].id,
          reason: expect.any(String),
        });
        // The endpoint registered without events got the completed item's shipment.shipped only.
        await eventually(async () => (received.length > untypedBefore ? true : undefined), 20_000);
        await new Promise((done) => setTimeout(done, 300));
        const untyped = received.slice(untypedBefore);
        expect(untyped.map((call) => call.headers['webhook-event-type'])).toEqual(['shipment.shipped']);
        expect(Object.keys(JSON.parse(untyped[0].raw))).not.toContain('type');
      } finally {
        await Promise.all([lifecycle.close(), failures.close()]);
      }
    }, 120_000);
  });
