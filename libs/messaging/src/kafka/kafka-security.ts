import type { KafkaConfig, SASLOptions } from 'kafkajs';
import type { ConnectionOptions } from 'node:tls';
import { stopIdleRequestQueueSpin } from './idle-request-queue';

export type KafkaSaslMechanism = 'plain' | 'scram-sha-256' | 'scram-sha-512';
export const KAFKA_SASL_MECHANISMS: readonly KafkaSaslMechanism[] = [
  'plain',
  'scram-sha-256',
  'scram-sha-512',
];

/** TLS to the brokers: the CA that signed their certificates (else the system's), and a client certificate for mutual TLS. */
export interface KafkaTls {
  ca?: string;
  cert?: string;
  key?: string;
}

export interface KafkaSasl {
  mechanism: KafkaSaslMechanism;
  username: string;
  password: string;
}

/** How a client reaches the brokers, and how the topics it creates are replicated. */
export interface KafkaConnection {
  brokers: string[];
  /** TLS on every broker connection; certificates are always verified. */
  tls?: KafkaTls;
  sasl?: KafkaSasl;
  /** Replicas of each topic this client creates (1 on a single test broker, 3 in production). */
  replicationFactor?: number;
  /** The topics' `min.insync.replicas`: acks=all writes need this many replicas (2 of 3 in production). */
  minInsyncReplicas?: number;
}

export class KafkaConnectionError extends Error {
  constructor(problem: string) {
    super(`Kafka connection: ${problem}`);
    this.name = 'KafkaConnectionError';
  }
}

/** Refuses options kafkajs would only trip over once connected, each problem named. */
export function checkKafkaConnection(connection: KafkaConnection): void {
  const { sasl, tls, replicationFactor = 1, minInsyncReplicas = 1 } = connection;
  if (connection.brokers.length === 0) throw new KafkaConnectionError('no brokers');
  if (sasl) {
    if (!KAFKA_SASL_MECHANISMS.includes(sasl.mechanism))
      throw new KafkaConnectionError(
        `SASL mechanism "${sasl.mechanism}" is not one of ${KAFKA_SASL_MECHANISMS.join(', ')}`,
      );
    if (!sasl.username || !sasl.password)
      throw new KafkaConnectionError('SASL needs a username and a password');
  }
  if (tls && Boolean(tls.cert) !== Boolean(tls.key))
    throw new KafkaConnectionError('a TLS client certificate needs its key, and a key its certificate');
  for (const [name, value] of [
    ['replicationFactor', replicationFactor],
    ['minInsyncReplicas', minInsyncReplicas],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1)
      throw new KafkaConnectionError(`${name} must be an integer of at least 1`);
  }
  if (minInsyncReplicas > replicationFactor)
    throw new KafkaConnectionError(
      `minInsyncReplicas (${minInsyncReplicas}) cannot exceed replicationFactor (${replicationFactor}): no write would be acknowledged`,
    );
}

/** The kafkajs client configuration for a connection (checked first); its idle connections do not spin. */
export function kafkaClientConfig(clientId: string, connection: KafkaConnection): KafkaConfig {
  checkKafkaConnection(connection);
  stopIdleRequestQueueSpin();
  const { brokers, tls, sasl } = connection;
  const ssl: ConnectionOptions | undefined = tls
    ? {
        rejectUnauthorized: true,
        ...(tls.ca ? { ca: [tls.ca] } : {}),
        ...(tls.cert ? { cert: tls.cert, key: tls.key } : {}),
      }
    : undefined;
  return {
    clientId,
    brokers,
    ...(ssl ? { ssl } : {}),
    ...(sasl
      ? {
          sasl: {
            mechanism: sasl.mechanism,
            username: sasl.username,
            password: sasl.password,
          } as SASLOptions,
        }
      : {}),
  };
}
