import { PostgresEventStore } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { Client } from 'pg';
import { register } from 'prom-client';
import { watchSubscription } from './subscription-progress';

const lagOf = async (name: string) => {
  const metric = register.getSingleMetric('shipping_subscription_lag_events');
  const { values } = await metric!.get();
  return values.find((value) => value.labels['subscription'] === name)?.value;
};

describe("a subscription's lag", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('subscription_lag');
    store = new PostgresEventStore(createPgSqlClient(database.url));
    await store.init();
  }, 30_000);

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('counts the events of its streams it has not handled, those behind a transaction still running too', async () => {
    const progress = watchSubscription('lag-spec', store, ['lagspec-']);
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      const first = await store.appendToStream('lagspec-1', [{ type: 'Happened', data: { n: 1 } }]);
      await store.appendToStream('elsewhere-1', [{ type: 'Happened', data: { n: 2 } }]);
      expect(await lagOf('lag-spec')).toBe(1);
      progress.handled(first.position);
      expect(await lagOf('lag-spec')).toBe(0);

      // A transaction of the store's database older than the next append holds $all's fence: a
      // subscription cannot read the event yet, and its lag says it is behind.
      await holder.query('begin');
      await holder.query('select pg_current_xact_id()');
      await store.appendToStream('lagspec-2', [{ type: 'Happened', data: { n: 3 } }]);
      const readable = await store.readAll({ after: first.position });
      expect(readable.map((event) => event.streamName)).not.toContain('lagspec-2');
      expect(await lagOf('lag-spec')).toBe(1);
      await holder.query('commit');
      expect(await lagOf('lag-spec')).toBe(1);
    } finally {
      progress.stop();
      await holder.end();
    }
  });
});
