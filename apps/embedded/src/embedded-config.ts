import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min, ValidateIf } from 'class-validator';
import { DEFAULT_PARTITIONS } from '@shipping/messaging';
import {
  DEFAULT_HTTP_PORT,
  HostVariable,
  type HttpListenerConfig,
  KafkaConnectionConfig,
  LOOPBACK_HOST,
  PortVariable,
} from '@shipping/platform/config';
import { KAFKA_BROKERS_MESSAGE, KAFKA_BROKERS_PATTERN } from '@shipping/platform/distributed';

/** The embedded runtime: every app in one process, PGlite in DATA_DIR, the in-process transport. */
export class EmbeddedConfig extends KafkaConnectionConfig implements HttpListenerConfig {
  @PortVariable()
  PORT = DEFAULT_HTTP_PORT;

  @HostVariable()
  HOST = LOOPBACK_HOST;

  /** When set, the public events of every stream are also published to this Kafka cluster (docs/events). */
  @ValidateIf((config: EmbeddedConfig) => config.KAFKA_BROKERS !== undefined)
  @Matches(KAFKA_BROKERS_PATTERN, { message: KAFKA_BROKERS_MESSAGE })
  KAFKA_BROKERS?: string;

  @Type(() => Number)
  @IsInt({ message: 'KAFKA_PARTITIONS must be an integer' })
  @Min(1)
  @Max(1000)
  KAFKA_PARTITIONS = DEFAULT_PARTITIONS;
}
