import { Controller, type INestApplication, Logger } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Kafka, logLevel } from 'kafkajs';
import { sendRequest } from '../errors/send-request';
import { startKafkaApp } from './kafka-app.fixture';
import { startKafkaBroker } from './kafka-broker.fixture';
import { KafkaEventPublisher } from './kafka-event-publisher';
import { type PartitionedMessage, startPartitionedConsumer } from './partitioned-consumer';
import { type KafkaConnection, kafkaClientConfig } from './kafka-security';
import { makeTestCertificates, type TestCertificates } from '@shipping/testing';
import { eventually } from './eventually.fixture';

const USER = 'shipping-app';
const PASSWORD = 'scram-spec-Password-1';

@Controller()
class EchoController {
  @MessagePattern('spec.echo')
  echo(@Payload() request: { text: string }) {
    return { echoed: request.text };
  }
}

describe('Kafka over TLS with SASL/SCRAM: the clients every app makes', () => {
  let certificates: TestCertificates;
  let broker: Awaited<ReturnType<typeof startKafkaBroker>>;
  let secured: KafkaConnection;
  const apps: INestApplication[] = [];

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    certificates = makeTestCertificates();
    broker = await startKafkaBroker({ saslScram: `${USER}:${PASSWORD}`, tlsDir: certificates.dir });
    secured = {
      brokers: broker.brokers,
      tls: { ca: certificates.ca },
      sasl: { mechanism: 'scram-sha-512', username: USER, password: PASSWORD },
    };
  }, 180_000);

  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await broker?.stop();
    certificates?.remove();
  }, 60_000);

  /** Connects and lists topics: a client the broker lets in gets an answer. */
  const listTopics = async (connection: KafkaConnection) => {
    const admin = new Kafka({
      ...kafkaClientConfig('spec-admin', connection),
      logLevel: logLevel.NOTHING,
      retry: { retries: 0 },
      connectionTimeout: 5_000,
    }).admin();
    try {
      await admin.connect();
      return await admin.listTopics();
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
  };

  it('answers requests between two apps on the transport (its server and its client)', async () => {
    const handler = await startKafkaApp({ ...secured, app: 'echo', partitions: 2 }, [EchoController]);
    apps.push(handler.app);
    const caller = await startKafkaApp({ ...secured, app: 'caller', partitions: 2 });
    apps.push(caller.app);
    await caller.client.connect();
    await expect(
      sendRequest(caller.client, 'spec.echo', {
        context: { accountId: 'a', correlationId: 'c' },
        text: 'hi',
      }),
    ).resolves.toEqual({ echoed: 'hi' });
  }, 120_000);

  it("publishes events (the public events' and the relay's producer) and a partitioned consumer reads them, with SCRAM-SHA-256 too", async () => {
    const publisher = new KafkaEventPublisher({ ...secured, clientId: 'spec-publisher', partitions: 2 });
    const seen: string[] = [];
    const consumer = await startPartitionedConsumer({
      ...secured,
      sasl: { mechanism: 'scram-sha-256', username: USER, password: PASSWORD },
      clientId: 'spec-consumer',
      groupId: 'spec.secured-readers',
      topic: 'spec.secured.events',
      partitions: 2,
      handle: async (message: PartitionedMessage) => {
        seen.push(message.value.toString());
      },
    });
    try {
      await publisher.publish('spec.secured.events', [{ key: 'k', value: '{"n":1}' }]);
      await eventually(() => (seen.length > 0 ? true : undefined));
      expect(seen).toEqual(['{"n":1}']);
    } finally {
      await consumer.stop();
      await publisher.close();
    }
  }, 120_000);

  it('refuses a client without credentials, with a wrong password, and one speaking PLAIN', async () => {
    await expect(listTopics({ ...secured, sasl: undefined })).rejects.toThrow();
    await expect(
      listTopics({ ...secured, sasl: { mechanism: 'scram-sha-512', username: USER, password: 'wrong' } }),
    ).rejects.toThrow(/SASL SCRAM SHA512 authentication failed|Authentication failed/i);
    await expect(
      listTopics({ ...secured, sasl: { mechanism: 'plain', username: USER, password: PASSWORD } }),
    ).rejects.toThrow();
    await expect(listTopics(secured)).resolves.toEqual(expect.any(Array));
  }, 60_000);

  it('refuses TLS to a client that does not trust the CA, and a client without TLS', async () => {
    await expect(listTopics({ ...secured, tls: {} })).rejects.toThrow(/certificate/i);
    await expect(listTopics({ ...secured, tls: undefined })).rejects.toThrow();
  }, 60_000);
});
