import { unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  eventually,
  fedexPickupOrder,
  freightOrder,
  instantShipBody,
  invalidBatchShipment,
  parcelOrder,
  REPO_ROOT,
  type RuntimeProcess,
  startRuntime,
  startTestBroker,
  type TestBroker,
  testClient,
  undeliverableBatchShipment,
  withReceiverZip,
} from '@shipping/testing';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { type ConsumedMessage, consumeTopics, schemaValidators } from './public-events-consumer';

const TOPICS = [
  'shipping.order.events',
  'shipping.shipment.events',
  'shipping.pickup.events',
  'shipping.batch.events',
];
const typeOf = (message: ConsumedMessage) => message.event.type as string;
const bySubject = (messages: ConsumedMessage[], topic: string, subject: string) =>
  messages.filter((message) => message.topic === topic && message.key === subject);

/**
 * The contract other teams rely on, checked the way they would read it: a plain kafkajs consumer
 * and the JSON Schemas under docs/events, against the events of a real flow.
 */
describe('public events on Kafka (embedded runtime with KAFKA_BROKERS)', () => {
  let broker: TestBroker;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let runtime: RuntimeProcess;
  let consumer: Awaited<ReturnType<typeof consumeTopics>>;
  const subjects = {
    freight: '',
    parcel: '',
    pickup: '',
    batch: '',
    invalidBatch: '',
    shipped: '',
    refused: '',
  };

  beforeAll(async () => {
    [broker, database] = await Promise.all([startTestBroker(), createTestDatabase('public_events_e2e')]);
    runtime = await startRuntime({
      env: {
        STORE: 'postgres',
        DATABASE_URL: database.url,
        KAFKA_BROKERS: broker.brokers.join(','),
        RATE_LIMIT_PER_MINUTE: '0',
      },
    });
    const acme = testClient(runtime.baseUrl, 'sk_test_acme');

    const freight = unwrap(await acme.POST('/freight-orders', { body: freightOrder() }));
    subjects.freight = String(freight.shipment_order_id);
    const revised = await acme.POST('/freight-orders', {
      body: { ...freightOrder(), shipment_order_id: freight.shipment_order_id },
    });
    expect(revised.response.status).toBe(200);
    subjects.parcel = String(
      unwrap(await acme.POST('/parcel-orders', { body: parcelOrder() })).shipment_order_id,
    );

    const pickup = unwrap(await acme.POST('/pickup-orders', { body: fedexPickupOrder() }));
    subjects.pickup = String(pickup.id);
    const rescheduled = await acme.POST('/pickup-orders', {
      body: { ...fedexPickupOrder(), id: pickup.id, ready_time: '10:00' },
    });
    expect(rescheduled.response.status).toBe(200);

    const batch = unwrap(
      await acme.POST('/batches', {
        body: {
          shipper_id: 1,
          service: 'USPS-1',
          batch_shipments: [batchShipment(0), undeliverableBatchShipment(1), batchShipment(2)],
        },
      }),
    );
    subjects.batch = batch.id;
    await waitForBatchStatus(acme, subjects.batch, ['ready']);
    const ship = await acme.POST('/batches/{batch_id}/ship', {
      params: { path: { batch_id: subjects.batch } },
    });
    expect(ship.response.status).toBe(200);
    await waitForBatchStatus(acme, subjects.batch, ['completed']);
    const invalid = unwrap(
      await acme.POST('/batches', {
        body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [invalidBatchShipment(0)] },
      }),
    );
    subjects.invalidBatch = invalid.id;
    await waitForBatchStatus(acme, subjects.invalidBatch, ['invalid']);

    const shipped = await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() });
    expect(shipped.response.status).toBe(201);
    subjects.shipped = shipped.data!.data.shipment_order_id;
    const refused = await acme.POST('/parcel-orders/instant-ship', { body: withReceiverZip('00000') });
    expect(refused.response.status).toBe(422);

    consumer = await consumeTopics(broker.brokers, TOPICS);
    const count = (type: string) => consumer.messages.filter((message) => typeOf(message) === type).length;
    const lastOfFlow = ['com.shipping.batch.BatchCompleted.v1', 'com.shipping.shipment.InstantShipFailed.v1'];
    await eventually(async () => (lastOfFlow.every((type) => count(type) === 1) ? true : undefined), 60_000);
    subjects.refused = consumer.messages.find(
      (message) => typeOf(message) === 'com.shipping.shipment.InstantShipFailed.v1',
    )?.event.subject;
    // Whatever the relay still had in hand has arrived by now: it sends in $all order.
    await new Promise((done) => setTimeout(done, 1_000));
  }, 240_000);

  afterAll(async () => {
    await consumer?.stop();
    await runtime?.stop();
    await database?.drop();
    await broker?.stop();
  }, 60_000);

  it('publishes each aggregate’s events, in stream order, to its context’s topic keyed by its id', () => {
    const types = (topic: string, subject: string) =>
      bySubject(consumer.messages, topic, subject).map(typeOf);
    expect(types('shipping.order.events', subjects.freight)).toEqual([
      'com.shipping.order.FreightOrderDrafted.v2',
      'com.shipping.order.FreightOrderRevised.v2',
    ]);
    expect(types('shipping.order.events', subjects.parcel)).toEqual([
      'com.shipping.order.ParcelOrderDrafted.v2',
    ]);
    expect(types('shipping.pickup.events', subjects.pickup)).toEqual([
      'com.shipping.pickup.PickupOrderScheduled.v3',
      'com.shipping.pickup.PickupOrderRevised.v2',
    ]);
    expect(types('shipping.shipment.events', subjects.shipped)).toEqual([
      'com.shipping.shipment.InstantShipRequested.v2',
      'com.shipping.shipment.ParcelShipped.v1',
    ]);
    expect(types('shipping.shipment.events', subjects.refused)).toEqual([
      'com.shipping.shipment.InstantShipRequested.v2',
      'com.shipping.shipment.InstantShipFailed.v1',
    ]);
    expect(types('shipping.batch.events', subjects.invalidBatch)).toEqual([
      'com.shipping.batch.BatchCreated.v3',
      'com.shipping.batch.ItemInvalidated.v1',
      'com.shipping.batch.BatchValidated.v1',
    ]);
    const batch = types('shipping.batch.events', subjects.batch);
    expect(batch.slice(0, 6)).toEqual([
      'com.shipping.batch.BatchCreated.v3',
      ...Array(3).fill('com.shipping.batch.ItemValidated.v1'),
      'com.shipping.batch.BatchValidated.v1',
      'com.shipping.batch.BatchShipped.v1',
    ]);
    expect([...batch.slice(6, 9)].sort()).toEqual([
      'com.shipping.batch.ItemCompleted.v1',
      'com.shipping.batch.ItemCompleted.v1',
      'com.shipping.batch.ItemFailed.v1',
    ]);
    expect(batch.slice(9)).toEqual([
      'com.shipping.batch.LabelFilesMerged.v1',
      'com.shipping.batch.BatchCompleted.v1',
    ]);
  });

  it('keeps one key on one partition with revisions 0, 1, 2... in offset order, and never repeats an id', () => {
    const byKey = new Map<string, ConsumedMessage[]>();
    for (const message of consumer.messages) {
      const key = `${message.topic}/${message.key}`;
      byKey.set(key, [...(byKey.get(key) ?? []), message]);
    }
    expect(byKey.size).toBe(Object.keys(subjects).length);
    for (const messages of byKey.values()) {
      expect(new Set(messages.map((message) => message.partition)).size).toBe(1);
      const inOffsetOrder = [...messages].sort((a, b) => Number(BigInt(a.offset) - BigInt(b.offset)));
      expect(inOffsetOrder.map((message) => message.event.revision)).toEqual(
        messages.map((_, index) => index),
      );
    }
    const ids = consumer.messages.map((message) => message.event.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('sends every event as a structured CloudEvent that its own JSON Schema accepts', () => {
    const validators = schemaValidators();
    expect(consumer.messages.length).toBe(23);
    for (const { key, headers, event } of consumer.messages) {
      expect(headers['content-type']).toBe('application/cloudevents+json; charset=UTF-8');
      expect(key).toBe(event.subject);
      const validate = validators.get(event.dataschema);
      if (!validate)
        throw new Error(`${event.type} names a schema that docs/events lacks: ${event.dataschema}`);
      expect({ type: event.type, valid: validate(event), errors: validate.errors ?? null }).toEqual({
        type: event.type,
        valid: true,
        errors: null,
      });
      expect(event).toMatchObject({
        specversion: '1.0',
        accountid: 'acct_acme',
        correlationid: expect.any(String),
        data: { key_mode: 'test' },
      });
    }
  });

  it('reaches the example consumer of docs/events, which handles each event once', async () => {
    const example = spawn(process.execPath, [join(REPO_ROOT, 'docs/events/example-consumer.mjs')], {
      env: { ...process.env, KAFKA_BROKERS: broker.brokers.join(','), GROUP_ID: `example-${Date.now()}` },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((done) => example.once('exit', done));
    const lines: string[] = [];
    createInterface({ input: example.stdout }).on('line', (line) => lines.push(line));
    try {
      await eventually(async () => (lines.length >= consumer.messages.length ? true : undefined), 30_000);
      await new Promise((done) => setTimeout(done, 500));
    } finally {
      example.kill('SIGTERM');
      await exited;
    }
    expect(lines.map((line) => line.split(' ')[3]).sort()).toEqual(
      consumer.messages.map((message) => message.event.id).sort(),
    );
    expect(lines).toContain(
      `com.shipping.batch.BatchCompleted.v1 ${subjects.batch} 10 ${bySubject(consumer.messages, 'shipping.batch.events', subjects.batch)[10].event.id} 2 completed, 1 failed`,
    );
  });
});
