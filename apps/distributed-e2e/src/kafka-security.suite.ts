import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { type DistributedRuntime, eventually, type TestCertificates, testClient } from '@shipping/testing';

const USER = 'shipping-apps';
const PASSWORD = randomBytes(18).toString('base64url');

/** What the broker asks and what the apps answer with: the runtime's broker arguments and environment. */
export const secureKafka = (certificates: TestCertificates) => ({
  brokerArgs: ['--sasl-scram', `${USER}:${PASSWORD}`, '--tls', certificates.dir],
  env: {
    KAFKA_SSL: 'true',
    KAFKA_SSL_CA_FILE: join(certificates.dir, 'ca.pem'),
    KAFKA_SASL_MECHANISM: 'scram-sha-512',
    KAFKA_SASL_USERNAME: USER,
    KAFKA_SASL_PASSWORD: PASSWORD,
    MESSAGE_SECRET_KEYS: `spec:${randomBytes(32).toString('base64')}`,
  },
});

/**
 * The six apps on a broker that speaks only TLS and asks for SASL/SCRAM (`secureKafka`), and what
 * crosses it when an endpoint is registered: the bytes of the replies topic, read raw.
 */
export const kafkaSecuritySuite = (
  runtimeOf: () => DistributedRuntime,
  certificatesOf: () => TestCertificates,
) =>
  describe('the distributed runtime on Kafka with TLS and SASL/SCRAM', () => {
    let certificates: TestCertificates;
    let runtime: DistributedRuntime;
    const replies: Buffer[] = [];
    let stopReader: () => Promise<void> = async () => undefined;

    const kafka = (credentials: boolean) =>
      new Kafka({
        clientId: 'kafka-security-spec',
        brokers: runtime.broker.brokers,
        ssl: { ca: [certificates.ca] },
        ...(credentials ? { sasl: { mechanism: 'scram-sha-512', username: USER, password: PASSWORD } } : {}),
        logLevel: logLevel.NOTHING,
        // The reader retries as any client does; the one without credentials need not.
        ...(credentials ? {} : { retry: { retries: 0 } }),
      });

    beforeAll(() => {
      certificates = certificatesOf();
      runtime = runtimeOf();
    });

    afterAll(async () => {
      await stopReader();
    }, 120_000);

    it('registers an endpoint through the gateway; its secret reaches the client, and no reply carries it in clear', async () => {
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      const registered = await acme.POST('/webhooks', { body: { url: 'https://example.com/hooks' } });
      expect(registered.response.status).toBe(201);
      const secret = registered.data!.data.secret as string;
      expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      const listed = await acme.GET('/webhooks');
      expect(listed.response.status).toBe(200);

      // Replies topics are made as their app first asks something: read the gateway's from its start.
      const consumer = kafka(true).consumer({ groupId: 'kafka-security-spec', maxWaitTimeInMs: 200 });
      stopReader = () => consumer.disconnect();
      await consumer.connect();
      await consumer.subscribe({ topics: ['shipping.gateway.replies'], fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          replies.push(Buffer.concat([message.key ?? Buffer.alloc(0), message.value ?? Buffer.alloc(0)]));
          for (const header of Object.values(message.headers ?? {}))
            for (const value of [header].flat()) if (value !== undefined) replies.push(Buffer.from(value));
        },
      });

      // The registration's answer and the list's both name the endpoint's url.
      const endpointUrl = Buffer.from('https://example.com/hooks');
      await eventually(
        async () => (replies.filter((bytes) => bytes.includes(endpointUrl)).length >= 2 ? true : undefined),
        60_000,
      );
      const all = Buffer.concat(replies);
      expect(all.includes(Buffer.from(secret))).toBe(false);
      expect(all.includes(Buffer.from(secret.slice('whsec_'.length)))).toBe(false);
      expect(all.includes(Buffer.from('"sealed_secret":"v1.spec.'))).toBe(true);
    });

    it('refuses a client without credentials', async () => {
      const admin = kafka(false).admin();
      await expect(admin.connect().then(() => admin.listTopics())).rejects.toThrow();
      await admin.disconnect().catch(() => undefined);
    });
  });
