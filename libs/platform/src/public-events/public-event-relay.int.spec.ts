import type { Logger } from '@nestjs/common';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import {
  type Position,
  PostgresEventStore,
  SqlCheckpointStore,
  type SqlClient,
  Upcasters,
} from '@shipping/event-store';
import { KafkaEventPublisher } from '@shipping/messaging';
import { REPO_ROOT } from '@shipping/testing';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { Kafka, logLevel } from 'kafkajs';
import { TracedEventStore } from '../observability/traced-event-store';
import { startPublicEventRelay } from './public-event-relay';
import { PICKUPS } from './published-category.fixture';

const quiet = { error: () => undefined } as unknown as Logger;
const pickups = [PICKUPS];
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** `tools/kafka/broker.mjs run` on one port and data folder, so a stopped broker comes back as the same one. */
async function runBroker(port: number, dataDir: string): Promise<{ port: number; stop(): Promise<void> }> {
  const child = spawn(
    process.execPath,
    [join(REPO_ROOT, 'tools/kafka/broker.mjs'), 'run', '--port', String(port), '--data-dir', dataDir],
    {
      stdio: ['pipe', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((done) => child.once('exit', done));
  const line = await new Promise<string>((done, fail) => {
    createInterface({ input: child.stdout }).once('line', done);
    void exited.then(() => fail(new Error('tools/kafka/broker.mjs exited before the broker answered')));
  });
  const [address] = (JSON.parse(line) as { brokers: string[] }).brokers;
  return {
    port: Number(address.split(':')[1]),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Every message on the topic so far, by a new consumer group, once `count` arrived or the time is up. */
async function readTopic(
  brokers: string[],
  topic: string,
  count: number | ((seen: { key: string }[]) => boolean),
  timeoutMs = 30_000,
) {
  const enough = typeof count === 'number' ? (seen: unknown[]) => seen.length >= count : count;
  const kafka = new Kafka({ clientId: 'relay-spec', brokers, logLevel: logLevel.NOTHING });
  const deadline = Date.now() + timeoutMs;
  const admin = kafka.admin();
  await admin.connect();
  try {
    while (!(await admin.listTopics()).includes(topic) && Date.now() < deadline) await sleep(100);
  } finally {
    await admin.disconnect();
  }
  const consumer = kafka.consumer({ groupId: `relay-spec-${Date.now()}` });
  const seen: { key: string; revision: number; id: string; traceparent?: string }[] = [];
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const event = JSON.parse(String(message.value));
        const traceparent = message.headers?.['traceparent']?.toString();
        seen.push({ key: String(message.key), revision: event.revision, id: event.id, traceparent });
      },
    });
    while (!enough(seen) && Date.now() < deadline) await sleep(100);
    await sleep(500);
  } finally {
    await consumer.disconnect();
  }
  return seen;
}

describe('the public event relay', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-relay-'));
  let broker: Awaited<ReturnType<typeof runBroker>>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let publisher: KafkaEventPublisher;
  const brokers = () => [`127.0.0.1:${broker.port}`];
  const checkpoint = () => new SqlCheckpointStore(sql).load('public-events.pickup');
  const after = (a: Position, b: Position) =>
    a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);
  const append = (pickupId: number, types: string[]) =>
    store.appendToStream(
      `pickup-${pickupId}`,
      types.map((type) => ({
        type,
        version: 2,
        data: { pickup_id: pickupId },
        metadata: { accountId: 'acct_acme' },
      })),
    );

  beforeAll(async () => {
    broker = await runBroker(0, dataDir);
    sql = await createPgliteSqlClient();
    store = new PostgresEventStore(sql, { pollIntervalMs: 10 });
    await store.init();
  }, 120_000);

  afterAll(async () => {
    await publisher?.close();
    await store?.close();
    await broker?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('moves its checkpoint only past what the broker acknowledged, and sends the rest once the broker is back', async () => {
    publisher = new KafkaEventPublisher({ clientId: 'relay-spec', brokers: brokers(), partitions: 3 });
    const relay = await startPublicEventRelay({ sql, store, publisher, categories: pickups, logger: quiet });
    let last: Position;
    let published: Awaited<ReturnType<typeof readTopic>>;
    try {
      const acknowledged = await append(1, ['PickupOrderScheduled', 'PickupOrderRevised']);
      expect(await readTopic(brokers(), 'shipping.pickup.events', 2)).toHaveLength(2);

      await broker.stop();
      await append(1, ['PickupOrderRevised', 'PickupOrderRevised']);
      last = (await append(2, ['PickupOrderScheduled'])).position;
      await sleep(3_000);
      const whileDown = await checkpoint();
      expect(whileDown !== undefined && after(whileDown, acknowledged.position)).toBe(false);

      broker = await runBroker(broker.port, dataDir);
      published = await readTopic(brokers(), 'shipping.pickup.events', 5, 90_000);
    } finally {
      await Promise.all(relay.map((subscription) => subscription.stop()));
    }
    expect(await checkpoint()).toEqual(last);
    expect(published.map(({ key, revision }) => `${key}@${revision}`)).toEqual(
      expect.arrayContaining(['1@0', '1@1', '1@2', '1@3', '2@0']),
    );
    const firstSeen = published.filter(
      (message, index) => published.findIndex((other) => other.id === message.id) === index,
    );
    expect(firstSeen).toHaveLength(5);
    expect(firstSeen.filter(({ key }) => key === '1').map(({ revision }) => revision)).toEqual([0, 1, 2, 3]);
  }, 180_000);

  it('sends nothing again after a clean stop: the next relay starts at the stored checkpoint', async () => {
    const relay = await startPublicEventRelay({ sql, store, publisher, categories: pickups, logger: quiet });
    const published = await (async () => {
      try {
        await append(3, ['PickupOrderScheduled']);
        return await readTopic(brokers(), 'shipping.pickup.events', 6);
      } finally {
        await Promise.all(relay.map((subscription) => subscription.stop()));
      }
    })();
    expect(published.filter(({ key }) => key === '3')).toHaveLength(1);
    expect(published.length).toBe(new Set(published.map(({ id }) => id)).size);
  }, 60_000);

  it('sends each event with a traceparent of a producer span that continues the trace of the request that recorded it', async () => {
    const spans = new InMemorySpanExporter();
    const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
    provider.register();
    const relay = await startPublicEventRelay({ sql, store, publisher, categories: pickups, logger: quiet });
    try {
      const traced = new TracedEventStore(store, new Upcasters());
      const request = trace.getTracer('relay-spec').startSpan('POST /pickups');
      await context.with(trace.setSpan(context.active(), request), () =>
        traced.appendToStream('pickup-4', [
          { type: 'PickupOrderScheduled', version: 3, data: { pickup_id: 4 }, metadata: {} },
        ]),
      );
      request.end();
      await append(5, ['PickupOrderScheduled']);
      const published = await readTopic(brokers(), 'shipping.pickup.events', (seen) =>
        ['4', '5'].every((key) => seen.some((message) => message.key === key)),
      );
      const [fromRequest] = published.filter(({ key }) => key === '4');
      const [untraced] = published.filter(({ key }) => key === '5');

      const producer = spans
        .getFinishedSpans()
        .find((span) => span.attributes['messaging.message.id'] === fromRequest.id);
      const { traceId } = request.spanContext();
      expect(producer?.spanContext().traceId).toBe(traceId);
      expect(producer?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
      expect(fromRequest.traceparent).toBe(`00-${traceId}-${producer?.spanContext().spanId}-01`);
      expect(untraced.traceparent).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
      expect(untraced.traceparent).not.toContain(traceId);
    } finally {
      await Promise.all(relay.map((subscription) => subscription.stop()));
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    }
  }, 60_000);
});
