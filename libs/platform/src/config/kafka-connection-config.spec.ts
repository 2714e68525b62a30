import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DistributedConfig, kafkaConnection } from '../distributed/distributed-config';
import { validateConfig } from './validate-config';

const folder = mkdtempSync(join(tmpdir(), 'kafka-pem-'));
const ca = join(folder, 'ca.pem');
writeFileSync(ca, '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n');

describe('Kafka connection settings', () => {
  it('defaults to plaintext, no SASL, and topics with one replica in the sandbox, three (two in sync) in production', () => {
    expect(kafkaConnection(validateConfig(DistributedConfig, { DATABASE_URL: 'postgres://h/db' }))).toEqual({
      brokers: ['127.0.0.1:19092'],
      replicationFactor: 1,
      minInsyncReplicas: 1,
    });
    expect(
      kafkaConnection(
        validateConfig(DistributedConfig, { DATABASE_URL: 'postgres://h/db', SHIPPING_MODE: 'production' }),
      ),
    ).toMatchObject({ replicationFactor: 3, minInsyncReplicas: 2 });
    expect(
      kafkaConnection(
        validateConfig(DistributedConfig, {
          DATABASE_URL: 'postgres://h/db',
          SHIPPING_MODE: 'production',
          KAFKA_REPLICATION_FACTOR: '1',
        }),
      ),
    ).toMatchObject({ replicationFactor: 1, minInsyncReplicas: 1 });
  });

  it('reads TLS with its CA file and SASL, and the replication settings', () => {
    const config = validateConfig(DistributedConfig, {
      DATABASE_URL: 'postgres://h/db',
      KAFKA_BROKERS: 'b1:9093,b2:9093',
      KAFKA_SSL: 'true',
      KAFKA_SSL_CA_FILE: ca,
      KAFKA_SASL_MECHANISM: 'scram-sha-512',
      KAFKA_SASL_USERNAME: 'shipping',
      KAFKA_SASL_PASSWORD: 'secret',
      KAFKA_REPLICATION_FACTOR: '5',
      KAFKA_MIN_INSYNC_REPLICAS: '3',
    });
    expect(kafkaConnection(config)).toEqual({
      brokers: ['b1:9093', 'b2:9093'],
      tls: { ca: expect.stringContaining('BEGIN CERTIFICATE'), cert: undefined, key: undefined },
      sasl: { mechanism: 'scram-sha-512', username: 'shipping', password: 'secret' },
      replicationFactor: 5,
      minInsyncReplicas: 3,
    });
  });

  it.each([
    [{ KAFKA_SSL: 'yes' }, 'KAFKA_SSL must be true or false'],
    [
      { KAFKA_SSL: 'true', KAFKA_SSL_CA_FILE: join(folder, 'missing.pem') },
      'KAFKA_SSL_CA_FILE must name a readable PEM file',
    ],
    [{ KAFKA_SSL_CERT_FILE: ca }, 'KAFKA_SSL_KEY_FILE must name a readable PEM file'],
    [
      { KAFKA_SASL_MECHANISM: 'gssapi' },
      'KAFKA_SASL_MECHANISM must be one of plain, scram-sha-256, scram-sha-512',
    ],
    [
      { KAFKA_SASL_MECHANISM: 'plain', KAFKA_SASL_USERNAME: 'u' },
      'KAFKA_SASL_PASSWORD is required with KAFKA_SASL_MECHANISM',
    ],
    [{ KAFKA_REPLICATION_FACTOR: '0' }, 'KAFKA_REPLICATION_FACTOR'],
    [
      { KAFKA_MIN_INSYNC_REPLICAS: '2' },
      'KAFKA_MIN_INSYNC_REPLICAS cannot exceed the replication factor (1)',
    ],
  ])('refuses %j, naming the variable', (env, message) => {
    expect(() => validateConfig(DistributedConfig, { DATABASE_URL: 'postgres://h/db', ...env })).toThrow(
      message,
    );
  });
});
