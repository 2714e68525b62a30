import { ConfigurationError, validateConfig } from '../config/validate-config';
import { DistributedConfig, kafkaBrokers } from './distributed-config';

const ownDatabase = { DATABASE_URL: 'postgres://shipping@db:5432/order' };

describe('the configuration of an app running in its own process', () => {
  it('defaults to the local broker of tools/kafka and twelve partitions', () => {
    const config = validateConfig(DistributedConfig, ownDatabase);

    expect(kafkaBrokers(config)).toEqual(['127.0.0.1:19092']);
    expect(config.KAFKA_PARTITIONS).toBe(12);
  });

  it('reads several brokers from KAFKA_BROKERS', () => {
    const config = validateConfig(DistributedConfig, {
      ...ownDatabase,
      KAFKA_BROKERS: 'kafka-1:9092,kafka-2:9092',
    });

    expect(kafkaBrokers(config)).toEqual(['kafka-1:9092', 'kafka-2:9092']);
  });

  it('names an unusable KAFKA_BROKERS or KAFKA_PARTITIONS, with the store variables', () => {
    for (const brokers of ['kafka-1', 'kafka-1:9092,', 'kafka-1:9092, kafka-2:9092', '']) {
      expect(() => validateConfig(DistributedConfig, { ...ownDatabase, KAFKA_BROKERS: brokers })).toThrow(
        'KAFKA_BROKERS must be host:port pairs separated by commas',
      );
    }
    expect(() => validateConfig(DistributedConfig, { ...ownDatabase, KAFKA_PARTITIONS: '0' })).toThrow(
      /KAFKA_PARTITIONS=0: KAFKA_PARTITIONS must not be less than 1/,
    );
    expect(() => validateConfig(DistributedConfig, { ...ownDatabase, KAFKA_PARTITIONS: 'three' })).toThrow(
      ConfigurationError,
    );
    expect(() => validateConfig(DistributedConfig, { STORE: 'postgres' })).toThrow(/DATABASE_URL/);
  });

  it('keeps events and read models in PostgreSQL: without DATABASE_URL it names the variable', () => {
    expect(validateConfig(DistributedConfig, ownDatabase)).toMatchObject({
      STORE: 'postgres',
      EVENT_STORE: 'postgres',
    });
    expect(() => validateConfig(DistributedConfig, {})).toThrow(
      'DATABASE_URL=undefined: DATABASE_URL must be a postgres:// connection string (required when STORE=postgres)',
    );
    expect(validateConfig(DistributedConfig, { STORE: 'pglite', DATA_DIR: './data/order' })).toMatchObject({
      STORE: 'pglite',
    });
  });
});
