import { checkKafkaConnection, kafkaClientConfig } from './kafka-security';

describe('Kafka connection options', () => {
  it('builds a plaintext kafkajs configuration when nothing is secured', () => {
    expect(kafkaClientConfig('shipping.order.client', { brokers: ['b:9092'] })).toEqual({
      clientId: 'shipping.order.client',
      brokers: ['b:9092'],
    });
  });

  it('builds TLS that always verifies the brokers, with the CA and a client certificate, and SASL', () => {
    expect(
      kafkaClientConfig('c', {
        brokers: ['b:9093'],
        tls: { ca: 'CA PEM', cert: 'CERT PEM', key: 'KEY PEM' },
        sasl: { mechanism: 'scram-sha-256', username: 'u', password: 'p' },
      }),
    ).toEqual({
      clientId: 'c',
      brokers: ['b:9093'],
      ssl: { rejectUnauthorized: true, ca: ['CA PEM'], cert: 'CERT PEM', key: 'KEY PEM' },
      sasl: { mechanism: 'scram-sha-256', username: 'u', password: 'p' },
    });
    expect(kafkaClientConfig('c', { brokers: ['b:9093'], tls: {} }).ssl).toEqual({
      rejectUnauthorized: true,
    });
  });

  it.each([
    [{ brokers: [] }, 'no brokers'],
    [{ sasl: { mechanism: 'plain', username: 'u', password: '' } }, 'SASL needs a username and a password'],
    [
      { sasl: { mechanism: 'gssapi', username: 'u', password: 'p' } },
      'SASL mechanism "gssapi" is not one of',
    ],
    [{ tls: { cert: 'CERT PEM' } }, 'a TLS client certificate needs its key'],
    [{ replicationFactor: 0 }, 'replicationFactor must be an integer of at least 1'],
    [
      { replicationFactor: 1, minInsyncReplicas: 2 },
      'minInsyncReplicas (2) cannot exceed replicationFactor (1)',
    ],
  ])('refuses %j with a clear error', (options, message) => {
    expect(() => checkKafkaConnection({ brokers: ['b:9092'], ...options } as never)).toThrow(
      `Kafka connection: ${message}`,
    );
  });
});
