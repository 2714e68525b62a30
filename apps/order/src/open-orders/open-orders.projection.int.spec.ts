import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type RecordedEvent, type SqlClient } from '@shipping/event-store';
import {
  type FreightOrder,
  type OpenOrder,
  type OrderEvent,
  orderStreamName,
  projectOpenOrder,
} from '@shipping/order-domain';
import { holdWrites, type OpenSqlBackend, redeliveries, sqlBackends } from '@shipping/testing';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { projectOpenOrderRow } from './open-orders.projection';
import { OpenOrdersReadModel } from './open-orders.read-model';

const backends = sqlBackends<SqlClient>('open_orders', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

const freight = (pieces: number) =>
  ({
    pickup_date: '2026-12-01',
    from_address: { city: 'New York', state: 'NY', country: 'US' },
    to_address: { city: 'Toronto', state: 'ON', country: 'CA' },
    items: [{ count: pieces, weight: 10 }],
  }) as unknown as FreightOrder;

describe.each(backends)('the open-orders projection on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let orders = 0;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, ORDER_MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  /** An order drafted and revised twice, as its stream holds it. */
  const anOrder = async (keyMode = 'live', accountId = 'acct_open'): Promise<RecordedEvent[]> => {
    const id = ++orders;
    const event = (type: OrderEvent['type'], pieces: number, at: string) => ({
      type,
      data: { shipment_order_id: id, account_id: accountId, key_mode: keyMode, order: freight(pieces), at },
    });
    await store.appendToStream(orderStreamName(id), [
      event('FreightOrderDrafted', 1, '2026-11-21T10:00:00.000Z'),
      event('FreightOrderRevised', 2, '2026-11-21T11:00:00.000Z'),
      event('FreightOrderRevised', 3, '2026-11-21T12:00:00.000Z'),
    ]);
    return store.readStream(orderStreamName(id));
  };

  const newest = (events: RecordedEvent[]) => ({
    mode: 'live',
    last_revision: String(events.length - 1),
    doc: events.reduce<OpenOrder | undefined>(
      (doc, event) => projectOpenOrder(doc, event as RecordedEvent & OrderEvent),
      undefined,
    ),
  });

  const row = async (events: RecordedEvent[]) => {
    const { rows } = await sql.query<{ mode: string; last_revision: string; doc: OpenOrder }>(
      'select mode, last_revision::text as last_revision, doc from order_open_orders where shipment_order_id = $1',
      [(events[0].data as { shipment_order_id: number }).shipment_order_id],
    );
    return rows[0];
  };

  it('keeps the row at the newest revision whatever order redeliveries take', async () => {
    for (const revisions of redeliveries([0, 1, 2])) {
      const events = await anOrder();
      for (const revision of revisions) await projectOpenOrderRow(sql, events[revision]);
      expect(await row(events)).toEqual(newest(events));
    }
  });

  if (backend.concurrent)
    it('keeps the newer row when an older event is written after another instance wrote a newer one', async () => {
      const events = await anOrder();
      const slower = holdWrites(db.client());
      const older = projectOpenOrderRow(slower.client, events[0]);
      await slower.writing;

      for (const event of events) await projectOpenOrderRow(db.client(), event);
      slower.release();
      await older;

      expect(await row(events)).toEqual(newest(events));
    });

  it("lists a tenant's orders only: the account's orders of the other key mode are not among them", async () => {
    const ids: Record<string, number[]> = { live: [], test: [] };
    for (const mode of ['live', 'test', 'live', 'test']) {
      const events = await anOrder(mode, 'acct_tenants');
      for (const event of events) await projectOpenOrderRow(sql, event);
      ids[mode].push((events[0].data as { shipment_order_id: number }).shipment_order_id);
    }
    const readModel = new OpenOrdersReadModel(sql);
    const listed = async (mode: 'test' | 'live') =>
      (await readModel.list({ accountId: 'acct_tenants', mode }, { page: 1, per_page: 10 }))
        .map((order) => order.shipment_order_id)
        .sort();

    expect(await listed('live')).toEqual(ids.live.sort());
    expect(await listed('test')).toEqual(ids.test.sort());
  });
});
