import { ConfigResourceTypes, Kafka, logLevel } from 'kafkajs';
import { startKafkaBroker } from './kafka-broker.fixture';
import { KafkaEventPublisher } from './kafka-event-publisher';
import { type KafkaConnection, kafkaClientConfig } from './kafka-security';
import { TopicCreator } from './topic-creator';

const USER = 'shipping';
const PASSWORD = 'sasl-spec-password';

describe('Kafka over SASL/PLAIN, with topics replicated as configured', () => {
  let broker: Awaited<ReturnType<typeof startKafkaBroker>>;
  let connection: KafkaConnection;

  beforeAll(async () => {
    broker = await startKafkaBroker(`${USER}:${PASSWORD}`);
    connection = {
      brokers: broker.brokers,
      sasl: { mechanism: 'plain', username: USER, password: PASSWORD },
      replicationFactor: 1,
      minInsyncReplicas: 1,
    };
  }, 180_000);
  afterAll(() => broker?.stop(), 60_000);

  const admin = (options: KafkaConnection) =>
    new Kafka({
      ...kafkaClientConfig('spec-admin', options),
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
    }).admin();

  it('publishes with the credentials, creating its topic with one replica on the single test broker', async () => {
    const publisher = new KafkaEventPublisher({ ...connection, clientId: 'spec', partitions: 2 });
    try {
      await publisher.publish('shipping.secured.events', [{ key: 'k', value: '{}' }]);
    } finally {
      await publisher.close();
    }
    const client = admin(connection);
    await client.connect();
    try {
      const [topic] = (await client.fetchTopicMetadata({ topics: ['shipping.secured.events'] })).topics;
      expect(topic.partitions.map((partition) => partition.replicas.length)).toEqual([1, 1]);
    } finally {
      await client.disconnect();
    }
  }, 60_000);

  it('sets min.insync.replicas on the topics it creates (read back from the broker)', async () => {
    // Two in-sync replicas of one would refuse every acks=all write, which the options' check
    // forbids; the topic creator itself passes the setting through, as it does in production.
    const kafka = new Kafka({ ...kafkaClientConfig('spec-topics', connection), logLevel: logLevel.NOTHING });
    await new TopicCreator(() => kafka, { partitions: 1, replicationFactor: 1, minInsyncReplicas: 2 }).ensure(
      ['shipping.insync.events'],
    );
    const client = admin(connection);
    await client.connect();
    try {
      const { resources } = await client.describeConfigs({
        includeSynonyms: false,
        resources: [
          {
            type: ConfigResourceTypes.TOPIC,
            name: 'shipping.insync.events',
            configNames: ['min.insync.replicas'],
          },
        ],
      });
      expect(resources[0].configEntries).toEqual([
        expect.objectContaining({ configName: 'min.insync.replicas', configValue: '2' }),
      ]);
    } finally {
      await client.disconnect();
    }
  }, 60_000);

  it('asks the broker for the configured replication factor: three replicas on one broker are refused', async () => {
    const publisher = new KafkaEventPublisher({
      ...connection,
      replicationFactor: 3,
      minInsyncReplicas: 2,
      clientId: 'spec-replicated',
      partitions: 1,
    });
    try {
      await expect(
        publisher.publish('shipping.replicated.events', [{ key: 'k', value: '{}' }]),
      ).rejects.toThrow(/Replication-factor is invalid/);
    } finally {
      await publisher.close();
    }
  }, 60_000);

  it('is refused with a wrong password, and without SASL', async () => {
    const wrong = admin({ ...connection, sasl: { mechanism: 'plain', username: USER, password: 'wrong' } });
    await expect(wrong.connect()).rejects.toThrow(/SASL PLAIN authentication failed|Authentication failed/i);
    const plain = admin({ brokers: broker.brokers });
    await expect(plain.connect().then(() => plain.listTopics())).rejects.toThrow();
    await plain.disconnect().catch(() => undefined);
  }, 60_000);
});
