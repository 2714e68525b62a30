/**
 * bench/messaging: what a topic's partition count costs at start, on a real local broker (started
 * with tools/kafka/broker.mjs): creating one app's topics, and starting one distributed app (the
 * batch app, as a real process on PostgreSQL) on a broker without its topics, with
 * KAFKA_PARTITIONS=3 and =12, the two in turn. Needs PostgreSQL at 127.0.0.1:5432.
 * Run: node -r ./tools/ts-runtime/register.js bench/messaging/kafka-partitions.bench.ts [runs]
 */
import 'reflect-metadata';
import { rmSync } from 'node:fs';
import { type Admin, Kafka, logLevel } from 'kafkajs';
import { startKafkaBroker } from '../../libs/messaging/src/kafka/kafka-broker.fixture';
import { KafkaClient } from '../../libs/messaging/src/kafka/kafka-client';
import { TopicCreator } from '../../libs/messaging/src/kafka/topic-creator';
import { startAppProcess } from '../../libs/testing/src/distributed/app-process';
import { temporaryDataDir } from '../../libs/testing/src/runtime-process';
import { createTestDatabase } from '../../libs/testing/src/test-database';

const PARTITIONS = [3, 12] as const;
const RUNS = Number(process.argv[2] ?? 4);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const summary = (values: number[]) =>
  `min ${Math.min(...values)} / median ${median(values)} / max ${Math.max(...values)} ms  (${values.join(', ')})`;

async function deleteTopics(admin: Admin): Promise<void> {
  const topics = (await admin.listTopics()).filter((topic) => !topic.startsWith('__'));
  if (topics.length === 0) return;
  await admin.deleteTopics({ topics });
  while ((await admin.listTopics()).some((topic) => topics.includes(topic))) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function main(): Promise<void> {
  const broker = await startKafkaBroker();
  const kafka = new Kafka({
    clientId: 'bench-partitions',
    brokers: broker.brokers,
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  await admin.connect();
  const database = await createTestDatabase('bench_partitions');
  const env = {
    LOG_LEVEL: 'warn',
    KAFKA_BROKERS: broker.brokers.join(','),
    STORE: 'postgres',
    DATABASE_URL: database.url,
    DATA_DIR: temporaryDataDir('shipping-bench-batch-'),
    METRICS_PORT: '0',
    PUBLIC_BASE_URL: 'http://127.0.0.1:3000',
  };
  const starts: Record<number, number[]> = { 3: [], 12: [] };
  const creations: Record<number, number[]> = { 3: [], 12: [] };
  const connects: Record<number, number[]> = { 3: [], 12: [] };
  const reconnects: Record<number, number[]> = { 3: [], 12: [] };
  try {
    // Warm-up: migrates the database, fills the ts-runtime cache, and shows which topics the app
    // makes at start (those of its handlers); its replies and events topics come with its first
    // request and its first event.
    const warm = await startAppProcess('batch', { ...env, KAFKA_PARTITIONS: '3' });
    await warm.stop();
    const served = (await admin.listTopics()).filter((topic) => !topic.startsWith('__'));
    const appTopics = [...served, 'shipping.batch.replies', 'shipping.batch.events'];

    for (let run = 0; run < RUNS; run++) {
      for (const partitions of PARTITIONS) {
        await deleteTopics(admin);
        let started = Date.now();
        const app = await startAppProcess('batch', { ...env, KAFKA_PARTITIONS: String(partitions) });
        starts[partitions].push(Date.now() - started);
        await app.stop();

        const renamed = appTopics.map((topic) => `bench-${run}-${partitions}.${topic}`);
        started = Date.now();
        await new TopicCreator(() => kafka, { partitions }).ensure(renamed);
        creations[partitions].push(Date.now() - started);

        // What an instance's first request waits for: its replies topic (new for the app's first
        // instance), the topic's end offsets, a consumer group of its own.
        for (const times of [connects, reconnects]) {
          const client = new KafkaClient({
            app: `bench-${run}-${partitions}`,
            brokers: broker.brokers,
            partitions,
          });
          started = Date.now();
          await client.connect();
          times[partitions].push(Date.now() - started);
          await client.close();
        }
      }
    }

    console.log(
      `bench/messaging: partitions at start (one broker on loopback, ${RUNS} runs each, 3 and 12 in turn)`,
    );
    console.log(`  the batch app's topics: ${appTopics.join(', ')} (made at start: ${served.join(', ')})`);
    for (const partitions of PARTITIONS) {
      console.log(
        `  ${partitions} partitions: creating the ${appTopics.length} topics  ${summary(creations[partitions])}`,
      );
      console.log(`  ${partitions} partitions: batch app process start  ${summary(starts[partitions])}`);
      console.log(
        `  ${partitions} partitions: a client's connect, new replies topic  ${summary(connects[partitions])}`,
      );
      console.log(
        `  ${partitions} partitions: a client's connect, existing replies topic  ${summary(reconnects[partitions])}`,
      );
    }
  } finally {
    await admin.disconnect();
    await database.drop();
    rmSync(env.DATA_DIR, { recursive: true, force: true });
    await broker.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
