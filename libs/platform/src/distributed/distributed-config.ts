import { Type } from 'class-transformer';
import { IsInt, IsOptional, Matches, Max, Min } from 'class-validator';
import { LOOPBACK_HOST, PortVariable } from '../config/http-listener';
import { DEFAULT_PARTITIONS, type KafkaConnection } from '@shipping/messaging';
import { KafkaConnectionConfig, kafkaConnectionOf } from '../config/kafka-connection-config';
import type { StoreKind } from '../config/storage-config';

export const KAFKA_BROKERS_PATTERN = /^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/;
export const KAFKA_BROKERS_MESSAGE = 'KAFKA_BROKERS must be host:port pairs separated by commas';

/**
 * An app running in its own process: its own store, and Kafka for everything it says to the others.
 * Its events and read models live in PostgreSQL, in a database of its own at DATABASE_URL
 * (STORE=pglite with a DATA_DIR per app remains for a local try-out).
 */
export class DistributedConfig extends KafkaConnectionConfig {
  override STORE: StoreKind = 'postgres';

  /** `host:port`, comma-separated; `node tools/kafka/broker.mjs start` answers on the default. */
  @Matches(KAFKA_BROKERS_PATTERN, { message: KAFKA_BROKERS_MESSAGE })
  KAFKA_BROKERS = '127.0.0.1:19092';

  @Type(() => Number)
  @IsInt({ message: 'KAFKA_PARTITIONS must be an integer' })
  @Min(1)
  @Max(1000)
  /**
   * Partitions of the topics an app creates: up to this many instances of an app share its
   * requests and the events it consumes (an existing topic keeps its count).
   */
  KAFKA_PARTITIONS = DEFAULT_PARTITIONS;

  /**
   * Port of the app's own listener for GET /metrics, /health/live and /health/ready (each app has a
   * default of its own; the gateway serves them on PORT). 0 picks a free port.
   */
  @PortVariable({ optional: true })
  METRICS_PORT?: number;

  /** Address of the metrics listener; the gateway's HOST where it has one. */
  @IsOptional()
  @Matches(/^\S+$/, { message: 'METRICS_HOST must be an address' })
  METRICS_HOST = LOOPBACK_HOST;
}

export function kafkaBrokers(config: DistributedConfig): string[] {
  return config.KAFKA_BROKERS.split(',');
}

/** The app's Kafka connection: brokers, TLS, SASL and topic replication (see KafkaConnectionConfig). */
export function kafkaConnection(config: DistributedConfig): KafkaConnection {
  return kafkaConnectionOf(config, kafkaBrokers(config));
}
