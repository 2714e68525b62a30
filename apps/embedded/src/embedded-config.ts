import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, ValidateIf } from 'class-validator';
import { DEFAULT_PARTITIONS } from '@shipping/messaging';
import { KAFKA_BROKERS_MESSAGE, KAFKA_BROKERS_PATTERN, KafkaConnectionConfig } from '@shipping/platform';

/** The embedded runtime: every app in one process, PGlite in DATA_DIR, the in-process transport. */
export class EmbeddedConfig extends KafkaConnectionConfig {
  @Type(() => Number)
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /** 127.0.0.1 by default; containers set 0.0.0.0. */
  @IsString()
  HOST = '127.0.0.1';

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
