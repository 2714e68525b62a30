import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { migrate, PostgresEventStore, type RecordedEvent, type SqlClient } from '@shipping/event-store';
import {
  type PickupEvent,
  type PickupOrder,
  pickupOrderView,
  pickupStreamName,
} from '@shipping/pickup-domain';
import { type OpenSqlBackend, redeliveries, sqlBackends } from '@shipping/testing';
import { readableService } from '../pickups/pickup-commands';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';
import { projectPickupOrder } from './pickup-orders.projection';

const backends = sqlBackends<SqlClient>('pickup_orders', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 2 }),
});

const pickup = (quantity: number) =>
  ({
    from_address: { id: 1, name: 'Acme', city: 'New York', zip: '10001', state: 'NY', country: 'US' },
    carrier: 'fedex',
    pickup_date: '2026-12-01',
    ready_time: '09:00',
    close_time: '17:30',
    pieces: [
      {
        service: 'PICKUP-FEDEX-1',
        is_gfp: false,
        container_type: 'package',
        quantity,
        weight_hundredths: 110,
        destination_country_code: 'US',
      },
    ],
  }) as unknown as PickupOrder;

describe.each(backends)('the pickup-orders projection on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let pickups = 0;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql);
    await store.init();
    await migrate(sql, PICKUP_MIGRATIONS);
  }, 60_000);
  afterAll(() => db?.close());

  /** A pickup scheduled and revised twice, as its stream holds it. */
  const aPickup = async (mode: 'test' | 'live' = 'test'): Promise<RecordedEvent[]> => {
    const id = ++pickups;
    const event = (type: PickupEvent['type'], quantity: number, at: string) => ({
      type,
      version: 2,
      data: { pickup_id: id, account_id: 'acct_pickups', pickup: pickup(quantity), at },
    });
    const scheduled = event('PickupOrderScheduled', 1, '2026-11-21T10:00:00.000Z');
    await store.appendToStream(pickupStreamName(id), [
      { ...scheduled, version: 3, data: { ...scheduled.data, key_mode: mode, shipper: null } },
      event('PickupOrderRevised', 2, '2026-11-21T11:00:00.000Z'),
      event('PickupOrderRevised', 3, '2026-11-21T12:00:00.000Z'),
    ]);
    return store.readStream(pickupStreamName(id));
  };

  const row = async (id: number) => {
    const { rows } = await sql.query(
      `select last_revision::text as last_revision, to_char(created_at at time zone 'UTC', 'HH24:MI') as created_at, doc
       from pickup_orders_view where pickup_id = $1`,
      [id],
    );
    return rows[0];
  };

  it('keeps the row at the newest revision whatever order redeliveries take', async () => {
    for (const revisions of redeliveries([0, 1, 2])) {
      const events = await aPickup();
      for (const revision of revisions) await projectPickupOrder(sql, events[revision]);

      const { pickup_id, pickup: newest } = (
        events[2] as RecordedEvent & Extract<PickupEvent, { type: 'PickupOrderRevised' }>
      ).data;
      expect(await row(pickup_id)).toEqual({
        last_revision: '2',
        created_at: '10:00',
        doc: JSON.parse(JSON.stringify(pickupOrderView(pickup_id, newest, readableService))),
      });
    }
  });

  it('keeps the mode of the creating key whatever order redeliveries take', async () => {
    for (const revisions of redeliveries([0, 1, 2])) {
      const events = await aPickup('live');
      for (const revision of revisions) await projectPickupOrder(sql, events[revision]);
      const { rows } = await sql.query('select mode from pickup_orders_view where pickup_id = $1', [
        (events[0].data as { pickup_id: number }).pickup_id,
      ]);
      expect(rows[0]).toEqual({ mode: 'live' });
    }
  });

  it('shows the carrier confirmation, keeps it through a cancel, and a refusal with its message', async () => {
    const scheduleLive = async (id: number, answer: { type: PickupEvent['type']; data: object }) => {
      const data = {
        pickup_id: id,
        account_id: 'acct_pickups',
        pickup: pickup(1),
        at: '2026-11-21T10:00:00.000Z',
      };
      await store.appendToStream(pickupStreamName(id), [
        {
          type: 'PickupOrderScheduled',
          version: 3,
          data: { ...data, key_mode: 'live', shipper: { shipper_id: 1, integration: 'own' } },
        },
        { type: answer.type, version: 1, data: { pickup_id: id, at: data.at, ...answer.data } },
      ]);
      for (const event of await store.readStream(pickupStreamName(id))) await projectPickupOrder(sql, event);
    };
    const docOf = async (id: number) =>
      (await sql.query<{ doc: object }>('select doc from pickup_orders_view where pickup_id = $1', [id]))
        .rows[0].doc;
    const confirmed = ++pickups;
    await scheduleLive(confirmed, {
      type: 'PickupScheduledWithCarrier',
      data: { confirmation_number: 'WTC1' },
    });
    expect(await docOf(confirmed)).toMatchObject({ status: 'scheduled', confirmation_number: 'WTC1' });
    await store.appendToStream(pickupStreamName(confirmed), [
      {
        type: 'PickupOrderCancelled',
        version: 1,
        data: { pickup_id: confirmed, at: '2026-11-21T11:00:00.000Z' },
      },
    ]);
    const [, , cancelled] = await store.readStream(pickupStreamName(confirmed));
    await projectPickupOrder(sql, cancelled);
    expect(await docOf(confirmed)).toMatchObject({ status: 'cancelled', confirmation_number: 'WTC1' });

    const refused = ++pickups;
    await scheduleLive(refused, {
      type: 'PickupRefusedByCarrier',
      data: { reason: 'USPS: Invalid ZIP Code', outcome_unknown: false },
    });
    expect(await docOf(refused)).toMatchObject({
      status: 'failed',
      confirmation_number: null,
      carrier_message: 'USPS: Invalid ZIP Code',
    });
  });
});
