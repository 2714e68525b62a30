import {
  batchShipment,
  type DistributedRuntime,
  eventually,
  type SpanCollector,
  testClient,
} from '@shipping/testing';
import { randomBytes } from 'node:crypto';
import { batchWithStatus } from './distributed-support';

/**
 * Traces across the distributed runtime: every app exports its spans over OTLP to an in-memory
 * collector. A client that sends one W3C traceparent with a batch's create and ship requests
 * finds that trace spanning the gateway, the order app (the shipper asked while creating), the
 * batch app (the commands and the validation and labelling its subscriptions run later) and the
 * label app (the labels bought).
 */
/** Every app's spans to the collector, exported every 100 ms. */
export const tracedEnv = (collector: SpanCollector) => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint,
  OTEL_BSP_SCHEDULE_DELAY: '100',
});

export const tracingSuite = (runtimeOf: () => DistributedRuntime, collectorOf: () => SpanCollector) =>
  describe('traces across the distributed runtime', () => {
    let collector: SpanCollector;
    let runtime: DistributedRuntime;

    beforeAll(() => {
      collector = collectorOf();
      runtime = runtimeOf();
    });

    it('follows a created and shipped batch through the gateway, order, batch and label apps in one trace', async () => {
      const traceId = randomBytes(16).toString('hex');
      const traceparent = `00-${traceId}-${randomBytes(8).toString('hex')}-01`;
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');

      const created = await acme.POST('/batches', {
        body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(0), batchShipment(1)] },
        headers: { traceparent },
      });
      expect(created.response.status).toBe(201);
      const batchId = created.data!.data.id;
      await batchWithStatus(acme, batchId, ['ready']);
      const shipped = await acme.POST('/batches/{batch_id}/ship', {
        params: { path: { batch_id: batchId } },
        headers: { traceparent },
      });
      expect(shipped.response.status).toBe(200);
      await batchWithStatus(acme, batchId, ['completed']);

      const services = ['gateway', 'order', 'batch', 'label'].map((app) => `shipping-${app}`);
      const trace = await eventually(async () => {
        const spans = collector.spans.filter((span) => span.traceId === traceId);
        const seen = new Set(spans.map((span) => span.service));
        return services.every((service) => seen.has(service)) &&
          spans.some((span) => span.name === 'label.purchase handle')
          ? spans
          : undefined;
      }, 30_000);

      const names = trace.map((span) => `${span.service.replace('shipping-', '')}: ${span.name}`);
      expect(names).toEqual(
        expect.arrayContaining([
          'gateway: POST /batches',
          'gateway: POST /batches/:batch_id/ship',
          'batch: batch.create handle',
          'order: account.shippers.list handle',
          'batch: subscription batch.validation',
          'batch: batch.ship handle',
          'batch: subscription batch.labeling',
          'label: label.purchase handle',
        ]),
      );
      // One tree: every span but the two requests' has its parent in the trace. Each app exports its
      // spans when they end, every 100 ms: a child may arrive before its parent does.
      const rootsOf = () => {
        const spans = collector.spans.filter((span) => span.traceId === traceId);
        const ids = new Set(spans.map((span) => span.spanId));
        return spans
          .filter((span) => !ids.has(span.parentSpanId))
          .map((span) => span.name)
          .sort();
      };
      const requests = ['POST /batches', 'POST /batches/:batch_id/ship'];
      await eventually(async () => (rootsOf().length === requests.length ? true : undefined), 30_000).catch(
        () => undefined,
      );
      expect(rootsOf()).toEqual(requests);
    }, 120_000);
  });
