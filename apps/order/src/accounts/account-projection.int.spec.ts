import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type SqlClient } from '@shipping/event-store';
import { type AccountEvent, accountStreamName } from '@shipping/accounts-domain';
import { type OpenSqlBackend, redeliveries, sqlBackends } from '@shipping/testing';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { projectAccountEvent } from './account-projection';

const backends = sqlBackends<SqlClient>('account_projection', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

const address = {
  name: 'Warehouse',
  street_1: '1 Main St',
  city: 'Austin',
  zip: '73301',
  state: 'TX',
  country: 'US',
  telephone: '5125550100',
  is_residential: false,
};

describe.each(backends)('the account directory projection on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let accounts = 0;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, ORDER_MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  /** An account opened with a shipper and an address, as its stream holds it. */
  const anAccount = async () => {
    const n = ++accounts;
    const account_id = `acct_directory_${n}`;
    const at = '2026-11-21T10:00:00.000Z';
    const events: AccountEvent[] = [
      {
        type: 'AccountOpened',
        data: { account_id, name: 'Directory', weight_unit: 'KG', length_unit: 'CM', at },
      },
      {
        type: 'ShipperAdded',
        data: {
          account_id,
          shipper_id: 90_000 + n,
          name: 'Own USPS',
          carrier: 'usps',
          integration: 'own',
          at,
        },
      },
      { type: 'AddressSaved', data: { account_id, address_id: 90_000 + n, address, at } },
    ];
    await store.appendToStream(accountStreamName(account_id), events);
    return { account_id, events: await store.readStream(accountStreamName(account_id)) };
  };

  const directory = async (account_id: string) => ({
    account: (
      await sql.query('select name, weight_unit, length_unit from order_accounts where account_id = $1', [
        account_id,
      ])
    ).rows,
    shippers: (
      await sql.query('select name, carrier, integration from order_shippers where account_id = $1', [
        account_id,
      ])
    ).rows,
    addresses: (await sql.query('select address from order_addresses where account_id = $1', [account_id]))
      .rows,
  });
  const expected = {
    account: [{ name: 'Directory', weight_unit: 'KG', length_unit: 'CM' }],
    shippers: [{ name: 'Own USPS', carrier: 'usps', integration: 'own' }],
    addresses: [{ address }],
  };

  it('writes each row once whatever order redeliveries take', async () => {
    for (const positions of redeliveries([0, 1, 2])) {
      const { account_id, events } = await anAccount();
      for (const position of positions) await projectAccountEvent(sql, events[position]);
      expect(await directory(account_id)).toEqual(expected);
    }
  });

  if (backend.concurrent)
    it('writes each row once when two instances project the same events at once', async () => {
      const { account_id, events } = await anAccount();
      await Promise.all(
        [db.client(), db.client()].map(async (instance) => {
          for (const event of events) await projectAccountEvent(instance, event);
        }),
      );
      expect(await directory(account_id)).toEqual(expected);
    });
});
