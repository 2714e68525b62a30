import { Type } from 'class-transformer';
import { IsInt, Matches, Max, Min } from 'class-validator';
import { StorageConfig } from '../config/storage-config';

/** An app running in its own process: its own store, and Kafka for everything it says to the others. */
export class DistributedConfig extends StorageConfig {
  /** `host:port`, comma-separated; `node tools/kafka/broker.mjs start` answers on the default. */
  @Matches(/^[^\s,:]+:\d{1,5}(,[^\s,:]+:\d{1,5})*$/, {
    message: 'KAFKA_BROKERS must be host:port pairs separated by commas',
  })
  KAFKA_BROKERS = '127.0.0.1:19092';

  @Type(() => Number)
  @IsInt({ message: 'KAFKA_PARTITIONS must be an integer' })
  @Min(1)
  @Max(1000)
  KAFKA_PARTITIONS = 3;
}

export function kafkaBrokers(config: DistributedConfig): string[] {
  return config.KAFKA_BROKERS.split(',');
}
