import { Logger } from '@nestjs/common';
import { Kafka, logLevel, Partitioners, type Producer } from 'kafkajs';
import {
  type PartitionedMessage,
  type RunningConsumer,
  startPartitionedConsumer,
} from './partitioned-consumer';
import { TopicCreator } from './topic-creator';
import { eventually } from './eventually.fixture';

const PARTITIONS = 4;
const quiet = new Logger('spec');
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

interface Seen {
  instance: string;
  key: string;
  seq: number;
  partition: number;
}

/** The partitioned consumer's specs, on the broker `broker()` answers (plain-broker.int.spec.ts starts it). */
export const partitionedConsumerSuite = (broker: () => { brokers: string[] }) =>
  describe('a partitioned consumer group on a real broker', () => {
    let kafka: Kafka;
    let producer: Producer;
    const running: RunningConsumer[] = [];
    let topicNumber = 0;
    let topic: string;
    let group: string;

    beforeAll(async () => {
      Logger.overrideLogger(['error']);
      kafka = new Kafka({ clientId: 'spec', brokers: broker().brokers, logLevel: logLevel.NOTHING });
      producer = kafka.producer({
        createPartitioner: Partitioners.DefaultPartitioner,
        allowAutoTopicCreation: false,
      });
      await producer.connect();
    }, 120_000);

    beforeEach(async () => {
      topicNumber += 1;
      topic = `spec.partitioned-${topicNumber}`;
      group = `spec.group-${topicNumber}`;
      await new TopicCreator(() => kafka, { partitions: PARTITIONS }).ensure([topic]);
    });

    afterEach(async () => {
      await Promise.all(running.splice(0).map((consumer) => consumer.stop()));
    });

    afterAll(async () => {
      await producer?.disconnect();
    }, 60_000);

    async function member(
      instance: string,
      seen: Seen[],
      options: { everyInstance?: boolean; handle?: (message: PartitionedMessage) => Promise<void> } = {},
    ): Promise<RunningConsumer> {
      const consumer = await startPartitionedConsumer({
        brokers: broker().brokers,
        clientId: `spec.${instance}`,
        groupId: group,
        topic,
        partitions: PARTITIONS,
        everyInstance: options.everyInstance,
        logger: quiet,
        retryDelayMs: 20,
        maxRetryDelayMs: 100,
        handle: async (message) => {
          await options.handle?.(message);
          const { key, seq } = JSON.parse(message.value.toString()) as { key: string; seq: number };
          seen.push({ instance, key, seq, partition: message.partition });
        },
      });
      running.push(consumer);
      return consumer;
    }

    /** `perKey` messages for each of `keys` keys, in sequence per key. */
    async function send(keys: number, perKey: number, from = 0): Promise<number> {
      const messages = [];
      for (let seq = from; seq < from + perKey; seq++)
        for (let key = 0; key < keys; key++)
          messages.push({ key: `stream-${key}`, value: JSON.stringify({ key: `stream-${key}`, seq }) });
      await producer.send({ topic, messages });
      return messages.length;
    }

    const inOrderPerKey = (seen: Seen[]) => {
      const last = new Map<string, number>();
      for (const { key, seq } of seen) {
        expect(seq).toBeGreaterThan(last.get(key) ?? -1);
        last.set(key, seq);
      }
    };

    it('shares the partitions among its members: each handles a part, in order per key, and the parts make the whole once', async () => {
      const seen: Seen[] = [];
      const a = await member('a', seen);
      const b = await member('b', seen);
      await Promise.all([a.caughtUp, b.caughtUp]);
      const total = await send(24, 10);

      await eventually(() => (seen.length >= total ? true : undefined));
      await sleep(500);
      expect(seen).toHaveLength(total);
      const byInstance = (instance: string) => seen.filter((each) => each.instance === instance);
      expect(byInstance('a').length).toBeGreaterThan(0);
      expect(byInstance('b').length).toBeGreaterThan(0);
      const partitionsOf = (instance: string) => new Set(byInstance(instance).map((each) => each.partition));
      expect([...partitionsOf('a')].filter((partition) => partitionsOf('b').has(partition))).toEqual([]);
      expect(new Set(seen.map((each) => `${each.key}:${each.seq}`)).size).toBe(total);
      inOrderPerKey(seen);
    }, 120_000);

    it('retries a failing message before any later one of its partition, and carries on once it passes', async () => {
      const seen: Seen[] = [];
      let failures = 3;
      await member('a', seen, {
        handle: async (message) => {
          const { key, seq } = JSON.parse(message.value.toString()) as { key: string; seq: number };
          if (key === 'stream-0' && seq === 2 && failures-- > 0) throw new Error('not yet');
        },
      });
      const total = await send(3, 5);

      await eventually(() => (seen.length >= total ? true : undefined));
      // Three failed attempts, then the one that passed.
      expect(failures).toBe(-1);
      inOrderPerKey(seen);
      expect(seen.filter((each) => each.key === 'stream-0').map((each) => each.seq)).toEqual([0, 1, 2, 3, 4]);
    }, 120_000);

    it('hands a stopped member the partitions of another, which goes on from its last commit', async () => {
      const seen: Seen[] = [];
      const a = await member('a', seen);
      await a.caughtUp;
      const first = await send(16, 5);
      await eventually(() => (seen.length >= first ? true : undefined));
      await a.stop();
      running.splice(running.indexOf(a), 1);

      const second = await send(16, 5, 5);
      await member('b', seen);
      await eventually(() =>
        seen.filter((each) => each.instance === 'b').length >= second ? true : undefined,
      );
      const handledByB = seen.filter((each) => each.instance === 'b');
      // Committed before a left: b starts after them, with nothing lost.
      expect(handledByB.every((each) => each.seq >= 5)).toBe(true);
      expect(new Set(handledByB.map((each) => `${each.key}:${each.seq}`)).size).toBe(second);
      inOrderPerKey(seen);
    }, 120_000);

    it('is caught up once what stood on its partitions when it joined is handled', async () => {
      const total = await send(8, 25);
      const seen: Seen[] = [];
      const a = await member('a', seen);
      await a.caughtUp;
      // Delivery is at least once: a member that rejoins under load handles again what it had not
      // committed, so what is counted is the distinct messages.
      expect(new Set(seen.map((each) => `${each.key}:${each.seq}`)).size).toBe(total);
    }, 120_000);

    it('gives every member every message sent after it started when each instance must see them all', async () => {
      const seen: Seen[] = [];
      await send(4, 3);
      const a = await member('a', seen, { everyInstance: true });
      const b = await member('b', seen, { everyInstance: true });
      await Promise.all([a.caughtUp, b.caughtUp]);
      const total = await send(4, 3, 3);

      await eventually(() => (seen.length >= 2 * total ? true : undefined));
      for (const instance of ['a', 'b']) {
        const mine = seen.filter((each) => each.instance === instance);
        expect(mine.map((each) => `${each.key}:${each.seq}`).sort()).toEqual(
          Array.from({ length: 4 }, (_, key) => [3, 4, 5].map((seq) => `stream-${key}:${seq}`))
            .flat()
            .sort(),
        );
      }
    }, 120_000);
  });
