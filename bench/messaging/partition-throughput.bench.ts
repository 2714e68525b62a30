/**
 * bench/messaging: what one partition carries on the local broker (tools/kafka/broker.mjs), with
 * messages the size of a stored event on the partitioned feed (1 KB of JSON, keyed by stream):
 * produced in sends of 500 with acks=all by an idempotent producer, as the relay sends, then read
 * by one member of a partitioned consumer group whose handler does nothing, committing as the feed
 * does (from its first message to its last). Prints messages a second for each, per run.
 * Run: node -r ./tools/ts-runtime/register.js bench/messaging/partition-throughput.bench.ts [runs]
 */
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { Kafka, logLevel, Partitioners } from 'kafkajs';
import { startKafkaBroker } from '../../libs/messaging/src/kafka/kafka-broker.fixture';
import { startPartitionedConsumer } from '../../libs/messaging/src/kafka/partitioned-consumer';
import { TopicCreator } from '../../libs/messaging/src/kafka/topic-creator';

const MESSAGES = 50_000;
const SEND = 500;
const RUNS = Number(process.argv[2] ?? 3);
const VALUE = JSON.stringify({ data: 'x'.repeat(900), metadata: { correlationId: 'c'.repeat(36) } });

async function main(): Promise<void> {
  Logger.overrideLogger(['error']);
  const broker = await startKafkaBroker();
  const kafka = new Kafka({
    clientId: 'bench-partition',
    brokers: broker.brokers,
    logLevel: logLevel.NOTHING,
  });
  const producer = kafka.producer({
    idempotent: true,
    maxInFlightRequests: 1,
    createPartitioner: Partitioners.DefaultPartitioner,
  });
  await producer.connect();
  try {
    console.log(`one partition, ${MESSAGES} messages of ${VALUE.length} bytes; messages a second`);
    for (let run = 1; run <= RUNS; run++) {
      const topic = `bench.partition-${run}`;
      await new TopicCreator(() => kafka, { partitions: 1 }).ensure([topic]);
      const producedFrom = Date.now();
      for (let first = 0; first < MESSAGES; first += SEND) {
        const messages = Array.from({ length: SEND }, (_, index) => ({
          key: `batch-${(first + index) % 97}`,
          value: VALUE,
        }));
        await producer.send({ topic, acks: -1, messages });
      }
      const produced = MESSAGES / ((Date.now() - producedFrom) / 1000);
      // From the first message handled to the last: the group's join is not the partition's cost.
      let handled = 0;
      let firstAt = 0;
      let lastAt = 0;
      const consumer = await startPartitionedConsumer({
        brokers: broker.brokers,
        clientId: 'bench-partition',
        groupId: `bench.partition-${run}`,
        topic,
        partitions: 1,
        handle: async () => {
          lastAt = Date.now();
          firstAt ||= lastAt;
          handled += 1;
        },
      });
      await consumer.caughtUp;
      const consumed = (handled - 1) / ((lastAt - firstAt) / 1000);
      await consumer.stop();
      console.log(`run ${run}: produced ${Math.round(produced)}/s, consumed ${Math.round(consumed)}/s`);
    }
  } finally {
    await producer.disconnect();
    await broker.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
