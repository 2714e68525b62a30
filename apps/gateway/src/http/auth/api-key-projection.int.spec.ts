import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { type ApiKeyEvent, apiKeyStreamName } from '@shipping/accounts-domain';
import { type OpenSqlBackend, redeliveries, sqlBackends } from '@shipping/testing';
import { GATEWAY_MIGRATIONS } from '../idempotency/gateway.migrations';
import { projectApiKeyEvent } from './api-key-projection';

const backends = sqlBackends<SqlClient>('api_key_projection', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

describe.each(backends)('the API key projection on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let accounts = 0;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, GATEWAY_MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  /** Two keys issued to a new account, then the first revoked, as the account's key stream holds them. */
  const anAccountsKeys = async () => {
    const account = `acct_keys_${++accounts}`;
    const issued = (key: string): ApiKeyEvent => ({
      type: 'ApiKeyIssued',
      data: {
        account_id: account,
        account_name: 'Keys',
        key_id: `${account}_${key}`,
        mode: 'live',
        prefix: 'sk_live_',
        last4: key,
        digest: `${account}_${key}_digest`,
        sandbox: false,
        at: '2026-11-21T10:00:00.000Z',
      },
    });
    const revoked: ApiKeyEvent = {
      type: 'ApiKeyRevoked',
      data: { account_id: account, key_id: `${account}_k001`, at: '2026-11-21T11:00:00.000Z' },
    };
    await store.appendToStream(apiKeyStreamName(account), [issued('k001'), issued('k002'), revoked]);
    return { account, events: await store.readStream(apiKeyStreamName(account)) };
  };

  const keys = async (account: string) =>
    (
      await sql.query(
        `select last4, to_char(revoked_at at time zone 'UTC', 'HH24:MI') as revoked_at
         from gateway_api_keys where account_id = $1 order by last4`,
        [account],
      )
    ).rows;

  it('keeps a revoked key revoked whatever order redeliveries take', async () => {
    for (const positions of redeliveries([0, 1, 2])) {
      const { account, events } = await anAccountsKeys();
      for (const position of positions) await projectApiKeyEvent(sql, events[position]);
      expect(await keys(account)).toEqual([
        { last4: 'k001', revoked_at: '11:00' },
        { last4: 'k002', revoked_at: null },
      ]);
    }
  });

  if (backend.concurrent)
    it('ends the same when two instances project the same events at once', async () => {
      // Many accounts at once, so that the two inserts of one key do meet: the loser's conflict can
      // then show on either unique key of the row.
      const instances = [db.client(), db.client()];
      const accountsKeys = await Promise.all(Array.from({ length: 40 }, anAccountsKeys));
      await Promise.all(
        accountsKeys.flatMap(({ events }) =>
          instances.map(async (instance) => {
            for (const event of events) await projectApiKeyEvent(instance, event);
          }),
        ),
      );
      for (const { account } of accountsKeys)
        expect(await keys(account)).toEqual([
          { last4: 'k001', revoked_at: '11:00' },
          { last4: 'k002', revoked_at: null },
        ]);
    });
});
