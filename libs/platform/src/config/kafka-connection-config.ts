import { KAFKA_SASL_MECHANISMS, type KafkaConnection, type KafkaSaslMechanism } from '@shipping/messaging';
import { Type } from 'class-transformer';
import {
  IsIn,
  IsInt,
  IsNotEmpty,
  Max,
  Min,
  registerDecorator,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import { accessSync, constants, readFileSync } from 'node:fs';
import { StorageConfig } from './storage-config';

/** A path the process can read (a PEM file), checked at start. */
function IsReadableFile(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isReadableFile',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown) => {
          try {
            accessSync(String(value), constants.R_OK);
            return true;
          } catch {
            return false;
          }
        },
        defaultMessage: ({ property }: ValidationArguments) => `${property} must name a readable PEM file`,
      },
    });
}

/** More in-sync replicas than replicas would refuse every acks=all write. */
function AtMostTheReplicationFactor(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'atMostTheReplicationFactor',
      target: target.constructor,
      propertyName: String(propertyName),
      validator: {
        validate: (value: unknown, { object }: ValidationArguments) =>
          Number(value) <= topicReplication(object as KafkaConnectionConfig).replicationFactor,
        defaultMessage: ({ object }: ValidationArguments) =>
          `KAFKA_MIN_INSYNC_REPLICAS cannot exceed the replication factor (${topicReplication(object as KafkaConnectionConfig).replicationFactor}): no write would be acknowledged`,
      },
    });
}

const defined = (name: keyof KafkaConnectionConfig) => (config: KafkaConnectionConfig) =>
  config[name] !== undefined;

/**
 * How an app reaches Kafka securely, and how the topics it creates are replicated: TLS
 * (KAFKA_SSL, with KAFKA_SSL_CA_FILE and a client certificate KAFKA_SSL_CERT_FILE/KAFKA_SSL_KEY_FILE
 * for mutual TLS), SASL (KAFKA_SASL_MECHANISM plain|scram-sha-256|scram-sha-512 with
 * KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD), and KAFKA_REPLICATION_FACTOR and
 * KAFKA_MIN_INSYNC_REPLICAS (1 and 1 in the sandbox, 3 and 2 in production).
 */
export class KafkaConnectionConfig extends StorageConfig {
  @IsIn(['true', 'false'], { message: 'KAFKA_SSL must be true or false' })
  KAFKA_SSL = 'false';

  @ValidateIf(defined('KAFKA_SSL_CA_FILE'))
  @IsReadableFile()
  KAFKA_SSL_CA_FILE?: string;

  @ValidateIf(
    (config: KafkaConnectionConfig) =>
      config.KAFKA_SSL_CERT_FILE !== undefined || config.KAFKA_SSL_KEY_FILE !== undefined,
  )
  @IsReadableFile()
  KAFKA_SSL_CERT_FILE?: string;

  @ValidateIf(
    (config: KafkaConnectionConfig) =>
      config.KAFKA_SSL_CERT_FILE !== undefined || config.KAFKA_SSL_KEY_FILE !== undefined,
  )
  @IsReadableFile()
  KAFKA_SSL_KEY_FILE?: string;

  @ValidateIf(defined('KAFKA_SASL_MECHANISM'))
  @IsIn(KAFKA_SASL_MECHANISMS as KafkaSaslMechanism[], {
    message: `KAFKA_SASL_MECHANISM must be one of ${KAFKA_SASL_MECHANISMS.join(', ')}`,
  })
  KAFKA_SASL_MECHANISM?: KafkaSaslMechanism;

  @ValidateIf(
    (config: KafkaConnectionConfig) =>
      config.KAFKA_SASL_MECHANISM !== undefined || config.KAFKA_SASL_USERNAME !== undefined,
  )
  @IsNotEmpty({ message: 'KAFKA_SASL_USERNAME is required with KAFKA_SASL_MECHANISM' })
  KAFKA_SASL_USERNAME?: string;

  @ValidateIf(
    (config: KafkaConnectionConfig) =>
      config.KAFKA_SASL_MECHANISM !== undefined || config.KAFKA_SASL_PASSWORD !== undefined,
  )
  @IsNotEmpty({ message: 'KAFKA_SASL_PASSWORD is required with KAFKA_SASL_MECHANISM' })
  KAFKA_SASL_PASSWORD?: string;

  @ValidateIf(defined('KAFKA_REPLICATION_FACTOR'))
  @Type(() => Number)
  @IsInt({ message: 'KAFKA_REPLICATION_FACTOR must be an integer' })
  @Min(1)
  @Max(32)
  KAFKA_REPLICATION_FACTOR?: number;

  @ValidateIf(defined('KAFKA_MIN_INSYNC_REPLICAS'))
  @Type(() => Number)
  @IsInt({ message: 'KAFKA_MIN_INSYNC_REPLICAS must be an integer' })
  @Min(1)
  @Max(32)
  @AtMostTheReplicationFactor()
  KAFKA_MIN_INSYNC_REPLICAS?: number;
}

/**
 * Replicas of each topic and min.insync.replicas, by mode unless set: 3 and 2 in production, 1
 * and 1 in the sandbox (the single test broker); the default in-sync count never exceeds the replicas.
 */
export function topicReplication(config: KafkaConnectionConfig): {
  replicationFactor: number;
  minInsyncReplicas: number;
} {
  const production = config.SHIPPING_MODE === 'production';
  const replicationFactor = config.KAFKA_REPLICATION_FACTOR ?? (production ? 3 : 1);
  return {
    replicationFactor,
    minInsyncReplicas: config.KAFKA_MIN_INSYNC_REPLICAS ?? Math.min(production ? 2 : 1, replicationFactor),
  };
}

/** The validated configuration as the transport's connection options (PEM files read now). */
export function kafkaConnectionOf(config: KafkaConnectionConfig, brokers: string[]): KafkaConnection {
  const read = (path: string | undefined) => (path === undefined ? undefined : readFileSync(path, 'utf8'));
  return {
    brokers,
    ...(config.KAFKA_SSL === 'true'
      ? {
          tls: {
            ca: read(config.KAFKA_SSL_CA_FILE),
            cert: read(config.KAFKA_SSL_CERT_FILE),
            key: read(config.KAFKA_SSL_KEY_FILE),
          },
        }
      : {}),
    ...(config.KAFKA_SASL_MECHANISM
      ? {
          sasl: {
            mechanism: config.KAFKA_SASL_MECHANISM,
            username: config.KAFKA_SASL_USERNAME as string,
            password: config.KAFKA_SASL_PASSWORD as string,
          },
        }
      : {}),
    ...topicReplication(config),
  };
}
