import type { SqlClient } from '@shipping/event-store';
import { apiKeyDigest, StoredApiKeyDirectory } from './api-key-directory';

const ROW = { key_id: 'key_1', account_id: 'acct_acme', account_name: 'Acme' };

/** A table of one key whose lookups answer when the spec says so. */
function slowTable() {
  const pending: Array<() => void> = [];
  const query = jest.fn(
    () => new Promise((resolve) => pending.push(() => resolve({ rows: [ROW] }))),
  ) as jest.Mock & SqlClient['query'];
  const answer = () => pending.splice(0).forEach((resolve) => resolve());
  return { sql: { query } as unknown as SqlClient, query, answer };
}

describe('the API key directory', () => {
  it('makes one lookup for the requests that ask for one key together, and answers them all', async () => {
    const table = slowTable();
    const directory = new StoredApiKeyDirectory(table.sql, { sandboxKeys: true, maxAgeMs: 60_000 });
    const digest = apiKeyDigest('sk_test_acme');

    const found = Promise.all(Array.from({ length: 5 }, () => directory.findAccount(digest)));
    table.answer();

    expect(await found).toEqual(Array(5).fill({ accountId: 'acct_acme', name: 'Acme' }));
    expect(table.query).toHaveBeenCalledTimes(1);
  });

  it('looks again once the lookup is answered and its entry has run out', async () => {
    const table = slowTable();
    const directory = new StoredApiKeyDirectory(table.sql, { sandboxKeys: true, maxAgeMs: 0 });
    const digest = apiKeyDigest('sk_test_acme');

    const first = directory.findAccount(digest);
    table.answer();
    await first;
    const second = directory.findAccount(digest);
    table.answer();
    await second;

    expect(table.query).toHaveBeenCalledTimes(2);
  });
});
