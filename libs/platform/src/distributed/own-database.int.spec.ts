import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { ConfigurationError } from '../config/validate-config';
import type { StorageConfig } from '../config/storage-config';
import { claimOwnDatabase } from './own-database';

describe('an app in its own process keeps its data in a database of its own', () => {
  let database: TestDatabase;
  const on = (url: string) => ({ STORE: 'postgres', DATABASE_URL: url }) as StorageConfig;

  beforeAll(async () => {
    database = await createTestDatabase('own_database');
  });
  afterAll(() => database?.drop());

  it('lets the first app claim a database and start on it again, and refuses any other app by name', async () => {
    await claimOwnDatabase('order', on(database.url));
    await claimOwnDatabase('order', on(database.url));

    await expect(claimOwnDatabase('batch', on(database.url))).rejects.toThrow(
      "DATABASE_URL: this database holds the order app's data; the batch app needs a database of its own",
    );
  });

  it('names DATABASE_URL when the database cannot be reached', async () => {
    const missing = new URL(database.url);
    missing.pathname = '/no_such_database_here';
    const failure = claimOwnDatabase('order', on(missing.toString()));

    await expect(failure).rejects.toBeInstanceOf(ConfigurationError);
    await expect(failure).rejects.toThrow(
      /DATABASE_URL: the order app cannot use its database \(.*no_such_database_here.*\)/,
    );
  });
});
