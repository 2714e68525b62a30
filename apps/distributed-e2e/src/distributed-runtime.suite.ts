import { Client } from 'pg';
import type { ShippingClient } from '@shipping/client';
import {
  apiClient,
  type DistributedRuntime,
  eventually,
  fedexPickupOrder,
  fedexPickupRates,
  freightOrder,
  hasValidSignature,
  instantShipBody,
  liveUspsShipper,
  startWebhookReceiver,
  type TestEventStoreDbServer,
  testClient,
  type UspsMockServer,
} from '@shipping/testing';
import { batchWithStatus, countIn, readyBatch, shipBatch, trackingNumbersOf } from './distributed-support';
import {
  ADMIN_KEY,
  answeredLabelRequests,
  barcodesOf,
  createLiveBatch,
  liveBatchShipments,
  mergedPageBarcodes,
  REFUSAL,
  refusedForRate,
  USPS_CLIENT,
} from './live-usps-support';

/**
 * One more than a label file holds (MAX_LABELS_PER_FILE, 100): the fewest items whose labels are
 * merged into two files. The largest batch the interface takes, 1,000 items, is shipped by
 * apps/embedded's batches-on-eventstoredb.e2e.spec.ts.
 */
const TWO_FILES_OF_ITEMS = 101;
/**
 * Three label files of which the last is partly filled, so the pages' item order is checked across
 * files, and four items the mock refuses, one in each quarter; 7.5 s of USPS's rate limit.
 */
const LIVE_ITEMS = 300;

/** The servers beside the runtime: the batch app's EventStoreDB and the label app's USPS. */
export interface RuntimeServers {
  eventStoreDb: TestEventStoreDbServer;
  usps: UspsMockServer;
}

/**
 * The distributed runtime end to end, driven only through the gateway: each app on its own
 * PostgreSQL database, the batch app's streams in EventStoreDB (the gRPC test server of
 * libs/testing), its read models in PostgreSQL, and the label app reaching the USPS mock (in this
 * process, over HTTP) through USPS_API_URL. Only the live USPS test's keys reach the mock, so what
 * it answered is that test's. The order app's stop and the lock on its store end within the test.
 */
export const distributedRuntimeSuite = (
  runtimeOf: () => DistributedRuntime,
  serversOf: () => RuntimeServers,
) =>
  describe('the distributed runtime over a real Kafka broker', () => {
    let runtime: DistributedRuntime;
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let acme: ShippingClient;
    let eventStoreDb: TestEventStoreDbServer;
    let usps: UspsMockServer;

    beforeAll(async () => {
      runtime = runtimeOf();
      ({ eventStoreDb, usps } = serversOf());
      receiver = await startWebhookReceiver();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
    });

    afterAll(async () => {
      await receiver?.close();
    }, 60_000);

    it('drafts a freight order and lists it among the open orders', async () => {
      const saved = await acme.POST('/freight-orders', { body: freightOrder() });
      expect(saved.response.status).toBe(201);
      const id = saved.data!.data.shipment_order_id;

      const listed = await eventually(async () => {
        const page = await acme.GET('/orders', { params: { query: { per_page: 1000 } } });
        return page.data?.data.data.find((order) => order.shipment_order_id === id);
      });
      expect(listed).toMatchObject({ shipment_order_id: id });
    });

    it('schedules a pickup and prices one', async () => {
      const pickup = await acme.POST('/pickup-orders', { body: fedexPickupOrder() });
      expect(pickup.response.status).toBe(201);
      expect(pickup.data!.data).toMatchObject({ id: expect.any(Number), carrier: 'fedex' });

      const rates = await acme.POST('/pickup-orders/get-rates', { body: fedexPickupRates() });
      expect(rates.response.status).toBe(200);
      expect(rates.data!.data).toMatchObject({
        id: null,
        final_price: expect.stringMatching(/^\d+\.\d{2}$/),
      });
    });

    it('validates, ships and completes a batch whose merged label files the gateway serves', async () => {
      const batchId = await readyBatch(acme, TWO_FILES_OF_ITEMS);
      expect((await shipBatch(acme, batchId)).response.status).toBe(200);

      const done = await batchWithStatus(acme, batchId, ['completed']);
      expect(done.results).toMatchObject({
        total_count: TWO_FILES_OF_ITEMS,
        completed_count: TWO_FILES_OF_ITEMS,
        failed_count: 0,
        completion_percentage: '100%',
      });
      expect(done.labels).toHaveLength(2);
      const batchStream = eventStoreDb.log.stream(`batch-${batchId}`) ?? [];
      expect(batchStream.map((event) => event.type)).toEqual(
        expect.arrayContaining(['BatchCreated', 'BatchShipped', 'BatchCompleted']),
      );
      expect(batchStream.filter((event) => event.type === 'ItemCompleted')).toHaveLength(TWO_FILES_OF_ITEMS);
      for (const url of done.labels!) {
        const file = await fetch(url);
        expect(file.status).toBe(200);
        expect(file.headers.get('content-type')).toContain('application/pdf');
        expect(
          Buffer.from(await file.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
      }
    });

    it('ships a parcel at once and sends its signed webhook', async () => {
      const endpoint = await acme.POST('/webhooks', { body: { url: receiver.url } });
      expect(endpoint.response.status).toBe(201);
      const { id: endpointId, secret } = endpoint.data!.data;

      const shipped = await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() });
      expect(shipped.response.status).toBe(201);
      const parcel = shipped.data!.data;
      const label = await fetch(parcel.label_url);
      expect(label.status).toBe(200);
      expect(label.headers.get('content-type')).toContain('application/pdf');

      const shipmentOrderId = Number(parcel.shipment_order_id);
      const delivery = await eventually(
        async () => receiver.received.find((call) => call.body.shipment_order_id === shipmentOrderId),
        20_000,
      );
      expect(hasValidSignature(delivery, secret!)).toBe(true);
      expect(delivery.body.main_tracking_number).toBe(parcel.main_tracking_number);
      const listed = await eventually(async () => {
        const deliveries = await acme.GET('/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: String(endpointId) }, query: { per_page: 1000 } },
        });
        const mine = deliveries.data?.data.data.find(
          (listed) => listed.id === delivery.headers['webhook-id'],
        );
        return mine?.status === 'delivered' ? mine : undefined;
      });
      expect(listed.id).toBe(delivery.headers['webhook-id']);
      // The suites after this one ship for the same merchant: their webhooks are not this endpoint's.
      const removed = await acme.DELETE('/webhooks/{webhook_id}', {
        params: { path: { webhook_id: String(endpointId) } },
      });
      expect(removed.response.status).toBe(200);
    });

    it('buys a live batch from USPS once per item, merges its label pages in item order and fails what USPS refused; the same batch under a test key reaches no carrier', async () => {
      const started = Date.now();
      // The set-up helper takes the raw client (the carrier bench shares it); the test's calls go
      // through the typed client of each key.
      const shipper = await liveUspsShipper(
        apiClient(runtime.baseUrl, ADMIN_KEY),
        (key) => apiClient(runtime.baseUrl, key),
        USPS_CLIENT,
      );
      const live = testClient(runtime.baseUrl, shipper.keys.live);
      const test = testClient(runtime.baseUrl, shipper.keys.test);
      const refusedEvery = LIVE_ITEMS / 4;
      const liveBatch = await createLiveBatch(
        live,
        shipper.shipperId,
        liveBatchShipments(shipper.addressIds.live, LIVE_ITEMS, refusedEvery),
      );
      await batchWithStatus(live, liveBatch, ['ready'], 120_000);
      expect((await shipBatch(live, liveBatch)).response.status).toBe(200);
      const done = await batchWithStatus(live, liveBatch, ['completed'], 180_000);

      expect(done.results).toMatchObject({
        total_count: LIVE_ITEMS,
        completed_count: LIVE_ITEMS - 4,
        failed_count: 4,
      });
      const answered = answeredLabelRequests(usps);
      expect(answered).toHaveLength(LIVE_ITEMS);
      expect(new Set(answered.map((request) => JSON.stringify(request.body))).size).toBe(LIVE_ITEMS);
      const tracking = await trackingNumbersOf(live, liveBatch);
      expect(tracking).toHaveLength(LIVE_ITEMS - 4);
      expect([...usps.soldTrackingNumbers()].sort()).toEqual([...tracking].sort());
      const pages = await mergedPageBarcodes(done.labels!);
      expect(pages).toHaveLength(LIVE_ITEMS - 4);
      expect(pages).toEqual(barcodesOf(tracking));
      const failed = (eventStoreDb.log.stream(`batch-${liveBatch}`) ?? [])
        .filter((event) => event.type === 'ItemFailed')
        .map((event) => JSON.parse(Buffer.from(event.data).toString()) as { index: number; reason: string });
      expect(failed.map((event) => event.index)).toEqual([74, 149, 224, 299]);
      for (const event of failed) expect(event.reason).toContain(`USPS: ${REFUSAL}`);
      const liveSeconds = (Date.now() - started) / 1_000;

      const testBatch = await createLiveBatch(
        test,
        shipper.shipperId,
        liveBatchShipments(shipper.addressIds.test, LIVE_ITEMS, refusedEvery),
      );
      await batchWithStatus(test, testBatch, ['ready'], 120_000);
      expect((await shipBatch(test, testBatch)).response.status).toBe(200);
      const sandboxed = await batchWithStatus(test, testBatch, ['completed'], 180_000);
      // The sandbox sells all of them: only USPS refuses that ZIP Code.
      expect(sandboxed.results).toMatchObject({ completed_count: LIVE_ITEMS, failed_count: 0 });
      expect(answeredLabelRequests(usps)).toHaveLength(LIVE_ITEMS);
      console.log(
        `live ${LIVE_ITEMS}-item USPS batch: ${liveSeconds.toFixed(1)} s from setup to checked, ` +
          `${refusedForRate(usps)} answers of 429 retried; with the test batch ${((Date.now() - started) / 1_000).toFixed(1)} s`,
      );
    }, 400_000);

    describe('an app that is down or slow', () => {
      const drafted = () =>
        countIn(
          runtime.apps.order,
          `select count(*) from event_store.events where event_type = 'FreightOrderDrafted'`,
        );

      it('answers 503 in the envelope within the request deadline, and a retry with the same Idempotency-Key once it is back does the work once', async () => {
        const before = await drafted();
        await runtime.apps.order.kill();
        const headers = { 'Idempotency-Key': 'while-the-order-app-is-down' };

        // The answer comes at all (the spec's own timeout is the bound): the gateway's deadline ended the wait.
        const refused = await acme.POST('/freight-orders', { body: freightOrder(), headers });
        expect(refused.response.status).toBe(503);
        expect(refused.error).toEqual({
          success: false,
          message: 'The service is temporarily unavailable. Try again shortly.',
        });

        await runtime.apps.order.restart();
        const saved = await acme.POST('/freight-orders', { body: freightOrder(), headers });
        expect(saved.response.status).toBe(201);
        const replayed = await acme.POST('/freight-orders', { body: freightOrder(), headers });
        expect(replayed.response.headers.get('idempotent-replayed')).toBe('true');
        expect(replayed.data).toEqual(saved.data);
        expect(await drafted()).toBe(before + 1);
      });

      it('gives a retry that arrives while the first attempt still runs the outcome of that attempt, doing the work once', async () => {
        const before = await drafted();
        const key = 'while-the-order-store-is-locked';
        const headers = { 'Idempotency-Key': key };
        // The order app's appends wait on this lock: the app takes the command but cannot finish it.
        const lock = new Client({ connectionString: runtime.apps.order.databaseUrl });
        await lock.connect();
        try {
          await lock.query('begin');
          await lock.query('lock table event_store.events in exclusive mode');
          const first = await acme.POST('/freight-orders', { body: freightOrder(), headers });
          expect(first.response.status).toBe(503);

          const retry = acme.POST('/freight-orders', { body: freightOrder(), headers });
          await new Promise((done) => setTimeout(done, 1_000));
          const running = `select count(*) from idempotent_requests where idempotency_key = $1 and outcome is null`;
          expect(await countIn(runtime.apps.order, running, [key])).toBe(1);
          expect(await drafted()).toBe(before);
          await lock.query('commit');

          const answered = await retry;
          expect(answered.response.status).toBe(201);
          expect(answered.data!.data.shipment_order_id).toEqual(expect.any(Number));
        } finally {
          await lock.end();
        }
        expect(await drafted()).toBe(before + 1);
      });
    });
  });
