import { Kafka, logLevel } from 'kafkajs';
import { unwrap } from '@shipping/client';
import {
  type DistributedRuntime,
  eventually,
  fedexPickupOrder,
  freightOrder,
  instantShipBody,
  testClient,
} from '@shipping/testing';
import { batchWithStatus, readyBatch, shipBatch } from './distributed-support';

interface Published {
  topic: string;
  key: string;
  type: string;
  revision: number;
  id: string;
}

/**
 * Each app publishes the streams it owns from its own store: order and shipment, pickup, batch.
 * Read from the topics' start: run first on its runtime, or among the others' events.
 */
export const publicEventsSuite = (runtimeOf: () => DistributedRuntime) =>
  describe('public events of the distributed runtime', () => {
    let runtime: DistributedRuntime;
    const published: Published[] = [];
    let stopConsumer: () => Promise<void>;
    const keys = { order: '', pickup: '', shipment: '', batch: '' };
    const typesOf = (topic: string, key: string) =>
      published.filter((event) => event.topic === topic && event.key === key).map((event) => event.type);

    beforeAll(async () => {
      runtime = runtimeOf();
      const consumer = new Kafka({
        clientId: 'public-events-spec',
        brokers: runtime.broker.brokers,
        logLevel: logLevel.NOTHING,
      }).consumer({
        groupId: 'public-events-spec',
        maxWaitTimeInMs: 200,
      });
      stopConsumer = () => consumer.disconnect();
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      const order = unwrap(await acme.POST('/freight-orders', { body: freightOrder() }));
      const pickup = unwrap(await acme.POST('/pickup-orders', { body: fedexPickupOrder() }));
      const shipment = unwrap(await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() }));
      const batchId = await readyBatch(acme, 2);
      expect((await shipBatch(acme, batchId)).response.status).toBe(200);
      await batchWithStatus(acme, batchId, ['completed']);

      await consumer.connect();
      await consumer.subscribe({
        topics: [
          'shipping.order.events',
          'shipping.shipment.events',
          'shipping.pickup.events',
          'shipping.batch.events',
        ],
        fromBeginning: true,
      });
      await consumer.run({
        eachMessage: async ({ topic, message }) => {
          const event = JSON.parse(String(message.value));
          published.push({
            topic,
            key: String(message.key),
            type: event.type,
            revision: event.revision,
            id: event.id,
          });
        },
      });
      await eventually(
        async () =>
          published.some(
            (event) => event.type === 'com.shipping.batch.BatchCompleted.v1' && event.key === batchId,
          )
            ? true
            : undefined,
        60_000,
      );
      await new Promise((done) => setTimeout(done, 1_000));
      Object.assign(keys, {
        order: String(order.shipment_order_id),
        pickup: String(pickup.id),
        shipment: String(shipment.shipment_order_id),
        batch: batchId,
      });
    }, 240_000);

    afterAll(async () => {
      await stopConsumer?.();
    }, 60_000);

    it('publishes every aggregate once, in order, from the app that owns it', () => {
      expect(typesOf('shipping.order.events', keys.order)).toEqual([
        'com.shipping.order.FreightOrderDrafted.v2',
      ]);
      expect(typesOf('shipping.pickup.events', keys.pickup)).toEqual([
        'com.shipping.pickup.PickupOrderScheduled.v3',
      ]);
      expect(typesOf('shipping.shipment.events', keys.shipment)).toEqual([
        'com.shipping.shipment.InstantShipRequested.v2',
        'com.shipping.shipment.ParcelShipped.v1',
      ]);
      const batch = published.filter((event) => event.key === keys.batch);
      expect(batch.map((event) => event.revision)).toEqual(batch.map((_, index) => index));
      expect(batch.map((event) => event.type).slice(-2)).toEqual([
        'com.shipping.batch.LabelFilesMerged.v1',
        'com.shipping.batch.BatchCompleted.v1',
      ]);
      expect(new Set(published.map((event) => event.id)).size).toBe(published.length);
    });
  });
