import { MinLength } from 'class-validator';
import { ConfigurationError, validateConfig } from './validate-config';
import { StorageConfig } from './storage-config';

class WithSecrets {
  @MinLength(12, { message: 'KAFKA_SASL_PASSWORD is too short' })
  KAFKA_SASL_PASSWORD = '';

  @MinLength(12, { message: 'MESSAGE_SECRET_KEYS is too short' })
  MESSAGE_SECRET_KEYS = '';

  @MinLength(12, { message: 'HOST is too short' })
  HOST = '';
}

describe('configuration read from the environment', () => {
  it('names a refused password, secret or key without its value', () => {
    expect(() =>
      validateConfig(WithSecrets, {
        KAFKA_SASL_PASSWORD: 'hunter2',
        MESSAGE_SECRET_KEYS: 'k:abc',
        HOST: 'h',
      }),
    ).toThrow(
      new ConfigurationError([
        'KAFKA_SASL_PASSWORD (value not shown): KAFKA_SASL_PASSWORD is too short',
        'MESSAGE_SECRET_KEYS (value not shown): MESSAGE_SECRET_KEYS is too short',
        'HOST="h": HOST is too short',
      ]),
    );
  });

  it('defaults to PGlite in ./data', () => {
    expect(validateConfig(StorageConfig, {})).toMatchObject({ STORE: 'pglite', DATA_DIR: './data' });
  });

  it('requires a postgres:// DATABASE_URL for the postgres store', () => {
    expect(() => validateConfig(StorageConfig, { STORE: 'postgres' })).toThrow(ConfigurationError);
    const config = validateConfig(StorageConfig, {
      STORE: 'postgres',
      DATABASE_URL: 'postgres://u@h:5432/db',
    });
    expect(config.DATABASE_URL).toBe('postgres://u@h:5432/db');
  });

  it('keeps events in the PostgreSQL adapter unless EventStoreDB is chosen', () => {
    expect(validateConfig(StorageConfig, {})).toMatchObject({ EVENT_STORE: 'postgres' });
    expect(validateConfig(StorageConfig, {}).ESDB_URL).toBeUndefined();
  });

  it('requires an esdb:// ESDB_URL for the eventstoredb event store, and names it', () => {
    expect(() => validateConfig(StorageConfig, { EVENT_STORE: 'eventstoredb' })).toThrow(
      /ESDB_URL=undefined: ESDB_URL must be an esdb:\/\/ connection string \(required when EVENT_STORE=eventstoredb\)/,
    );
    expect(() =>
      validateConfig(StorageConfig, { EVENT_STORE: 'eventstoredb', ESDB_URL: 'http://127.0.0.1:2113' }),
    ).toThrow(ConfigurationError);
    expect(() => validateConfig(StorageConfig, { EVENT_STORE: 'kafka' })).toThrow(
      'EVENT_STORE must be postgres or eventstoredb',
    );
    const config = validateConfig(StorageConfig, {
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: 'esdb://127.0.0.1:2113?tls=false',
    });
    expect(config).toMatchObject({
      EVENT_STORE: 'eventstoredb',
      ESDB_URL: 'esdb://127.0.0.1:2113?tls=false',
      STORE: 'pglite',
    });
  });

  it('names every invalid variable at once', () => {
    try {
      validateConfig(StorageConfig, { STORE: 'mysql', DATABASE_URL: 'mysql://x' });
      throw new Error('expected a ConfigurationError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as ConfigurationError).problems).toEqual([
        expect.stringContaining('STORE="mysql"'),
        expect.stringContaining('DATABASE_URL="mysql://x"'),
      ]);
    }
  });
});
