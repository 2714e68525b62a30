import { ConfigurationError, validateConfig } from './validate-config';
import { StorageConfig } from './storage-config';

describe('configuration read from the environment', () => {
  it('defaults to PGlite in ./data', () => {
    expect(validateConfig(StorageConfig, {})).toMatchObject({ STORE: 'pglite', DATA_DIR: './data' });
  });

  it('requires a postgres:// DATABASE_URL for the postgres store', () => {
    expect(() => validateConfig(StorageConfig, { STORE: 'postgres' })).toThrow(ConfigurationError);
    const config = validateConfig(StorageConfig, { STORE: 'postgres', DATABASE_URL: 'postgres://u@h:5432/db' });
    expect(config.DATABASE_URL).toBe('postgres://u@h:5432/db');
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
