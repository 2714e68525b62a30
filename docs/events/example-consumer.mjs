#!/usr/bin/env node
// A consumer of the shipping service's public events with nothing but kafkajs.
//
//   KAFKA_BROKERS=localhost:19092 GROUP_ID=my-team node docs/events/example-consumer.mjs
//
// Prints one line per event it handles: <type> <subject> <revision> <id>. With KEY_MODE=live (or
// test) it handles only the events of that key mode, as a consumer of real shipments would.
import { Kafka, logLevel } from 'kafkajs';

const TOPICS = [
  'shipping.order.events',
  'shipping.shipment.events',
  'shipping.pickup.events',
  'shipping.batch.events',
];
const CLOUD_EVENT = 'application/cloudevents+json';
const KEY_MODE = process.env.KEY_MODE;

const kafka = new Kafka({
  clientId: 'example-consumer',
  brokers: (process.env.KAFKA_BROKERS ?? 'localhost:19092').split(','),
  logLevel: logLevel.WARN,
});
const consumer = kafka.consumer({ groupId: process.env.GROUP_ID ?? 'example-consumer' });

// Delivery is at least once: the same event can come again (same id). A real consumer keeps the
// last handled revision per subject in its own database, in the transaction of its effect.
const lastRevision = new Map();

const handlers = {
  'com.shipping.batch.ItemCompleted.v1': (event) =>
    `label ${event.data.tracking_number} for item ${event.data.item_id}`,
  'com.shipping.batch.BatchCompleted.v1': (event) =>
    `${event.data.completed_count} completed, ${event.data.failed_count} failed`,
  'com.shipping.shipment.ParcelShipped.v1': (event) => `tracking ${event.data.tracking_number}`,
};

async function handle(topic, message) {
  if (!String(message.headers?.['content-type'] ?? '').startsWith(CLOUD_EVENT)) return;
  const event = JSON.parse(message.value.toString('utf8'));
  const key = `${topic}/${event.subject}`;
  if (event.revision <= (lastRevision.get(key) ?? -1)) return;
  lastRevision.set(key, event.revision);
  // Every event's data says the mode of the key its aggregate was created with.
  if (KEY_MODE && event.data.key_mode !== KEY_MODE) return;
  // Types this consumer does not know (new types, newer versions) are skipped, never fatal.
  const detail = handlers[event.type]?.(event);
  const line = [event.type, event.subject, event.revision, event.id, detail].filter(
    (part) => part !== undefined,
  );
  process.stdout.write(`${line.join(' ')}\n`);
}

await consumer.connect();
await consumer.subscribe({ topics: TOPICS, fromBeginning: true });
// eachMessage handles one partition's messages one at a time: one aggregate's events in order.
await consumer.run({ eachMessage: ({ topic, message }) => handle(topic, message) });

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => consumer.disconnect().then(() => process.exit(0)));
}
