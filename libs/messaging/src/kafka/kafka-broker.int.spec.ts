import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { runBrokerScript } from './kafka-broker.fixture';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('tools/kafka/broker.mjs', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'shipping-kafka-script-'));

  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('stops the broker cleanly when whoever started it goes away, and a restart keeps its topics', async () => {
    const first = await runBrokerScript(dataDir);
    const admin = new Kafka({ clientId: 'spec', brokers: first.brokers, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'shipping.spec.events', numPartitions: 2 }] });
    await admin.disconnect();

    first.closeStdin();

    await expect(first.exited).resolves.toBe(0);
    expect(isAlive(first.pid)).toBe(false);

    const second = await runBrokerScript(dataDir);
    try {
      const again = new Kafka({
        clientId: 'spec',
        brokers: second.brokers,
        logLevel: logLevel.NOTHING,
      }).admin();
      await again.connect();
      const { topics } = await again.fetchTopicMetadata({ topics: ['shipping.spec.events'] });
      await again.disconnect();
      expect(topics[0]?.partitions).toHaveLength(2);
    } finally {
      second.closeStdin();
      await second.exited;
    }
  }, 120_000);
});
