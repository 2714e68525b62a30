import { randomUUID } from 'node:crypto';
import {
  InMemoryCheckpointStore,
  type EventStore,
  migrate,
  type RecordedEvent,
  type SqlClient,
  startCheckpointedSubscription,
  Upcasters,
} from '@shipping/event-store';
import { pickupDecider, type PickupOrder, pickupStreamName } from '@shipping/pickup-domain';
import { handleCommand } from '@shipping/platform/commands';
import { StorageConfig, validateConfig } from '@shipping/platform/config';
import { openEventStore, openSqlClient } from '@shipping/platform/storage';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { PICKUP_APP_EVENTS } from '../pickup-app-events';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';
import { projectPickupOrder } from './pickup-orders.projection';

/** A pickup as version 1 of the pickup events stored it: piece weights in float pounds. */
const pickupV1 = (weights: [number, number][]) => ({
  from_address: {
    id: 1,
    name: 'Acme',
    attention: null,
    street_1: '1 Main St',
    street_2: null,
    street_3: null,
    city: 'New York',
    zip: '10001',
    state: 'NY',
    country: 'US',
    telephone: '2125550100',
    email: null,
    is_residential: false,
  },
  carrier: 'fedex',
  pickup_date: '2026-12-01',
  ready_time: '09:00',
  close_time: '17:30',
  pieces: weights.map(([weight, quantity]) => ({
    service: 'PICKUP-FEDEX-1',
    is_gfp: false,
    container_type: 'package',
    quantity,
    weight,
    destination_country_code: 'US',
  })),
});

describe('pickup events stored as version 1, on PostgreSQL', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let store: EventStore;
  const stream = pickupStreamName(41);

  const storeRaw = (revision: number, type: string, data: unknown) =>
    sql.query(
      `insert into event_store.events (event_id, stream_name, stream_revision, event_type, event_version, data, metadata)
       values ($1, $2, $3, $4, 1, $5, $6)`,
      [
        randomUUID(),
        stream,
        revision,
        type,
        JSON.stringify(data),
        JSON.stringify({ accountId: 'acct_acme', correlationId: 'req-1' }),
      ],
    );
  const storedRows = async () =>
    (
      await sql.query<{ event_type: string; event_version: number; data: { pickup: { pieces: object[] } } }>(
        'select event_type, event_version, data from event_store.events where stream_name = $1 order by stream_revision',
        [stream],
      )
    ).rows;

  beforeAll(async () => {
    database = await createTestDatabase('pickup_versions');
    const config = validateConfig(StorageConfig, { STORE: 'postgres', DATABASE_URL: database.url });
    sql = await openSqlClient(config);
    store = await openEventStore(config, sql, new Upcasters(PICKUP_APP_EVENTS.upcasters));
    await storeRaw(0, 'PickupOrderScheduled', {
      pickup_id: 41,
      account_id: 'acct_acme',
      pickup: pickupV1([[1.1, 3]]),
      at: '2026-11-20T09:00:00.000Z',
    });
    await storeRaw(1, 'PickupOrderRevised', {
      pickup_id: 41,
      account_id: 'acct_acme',
      pickup: pickupV1([
        [1.1, 3],
        [0.35, 7],
      ]),
      at: '2026-11-20T10:00:00.000Z',
    });
  });

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  });

  it('reads them in their latest versions: piece weights in whole hundredths of a pound, a test pickup', async () => {
    const events = await store.readStream(stream);
    expect(events.map((event) => [event.type, event.version])).toEqual([
      ['PickupOrderScheduled', 3],
      ['PickupOrderRevised', 2],
    ]);
    expect(events[0].data).toMatchObject({ key_mode: 'test', shipper: null });
    const state = events.reduce(
      (current, event) => pickupDecider.evolve(current, event as never),
      pickupDecider.initialState,
    );
    expect(
      state.status === 'ready' &&
        state.pickup.pieces.map((piece) => [piece.quantity, piece.weight_hundredths]),
    ).toEqual([
      [3, 110],
      [7, 35],
    ]);
    expect(state.status === 'ready' && state.pickup.pieces.every((piece) => !('weight' in piece))).toBe(true);
  });

  it('projects them through a subscription into the same row a version 2 stream gives', async () => {
    await migrate(sql, PICKUP_MIGRATIONS);
    const seen: RecordedEvent[] = [];
    const subscription = await startCheckpointedSubscription({
      store,
      checkpoints: new InMemoryCheckpointStore(),
      name: 'pickup-versions',
      streamNamePrefixes: ['pickup-'],
      onEvent: async (event) => {
        seen.push(event);
        await projectPickupOrder(sql, event);
      },
    });
    await subscription.caughtUp;
    await subscription.stop();
    expect(seen.map((event) => event.version)).toEqual([3, 2]);
    const { rows } = await sql.query<{
      mode: string;
      last_revision: string;
      doc: { total_weight: string; pieces: { weight: number; quantity: number }[] };
    }>('select mode, last_revision::text, doc from pickup_orders_view where pickup_id = 41');
    expect(rows[0].last_revision).toBe('1');
    expect(rows[0].mode).toBe('test');
    expect(rows[0].doc.total_weight).toBe('5.75 lbs');
    expect(rows[0].doc.pieces.map((piece) => [piece.quantity, piece.weight])).toEqual([
      [3, 2],
      [7, 1],
    ]);
  });

  it('writes new events of the stream as version 2, after the version 1 history', async () => {
    const revised: PickupOrder = {
      ...(pickupV1([]) as unknown as PickupOrder),
      pieces: [
        {
          service: 'PICKUP-FEDEX-1',
          is_gfp: false,
          container_type: 'package',
          quantity: 2,
          weight_hundredths: 1040,
          destination_country_code: 'US',
        },
      ],
    };
    await handleCommand({
      store,
      streamName: stream,
      command: {
        type: 'RevisePickup',
        pickupId: 41,
        tenant: { accountId: 'acct_acme', mode: 'test' },
        pickup: revised,
        now: '2026-11-21T10:00:00.000Z',
      },
      decider: pickupDecider,
      metadata: { accountId: 'acct_acme', correlationId: 'req-2' },
    });
    const rows = await storedRows();
    expect(rows.map((row) => [row.event_type, row.event_version])).toEqual([
      ['PickupOrderScheduled', 1],
      ['PickupOrderRevised', 1],
      ['PickupOrderRevised', 2],
    ]);
    expect(rows[2].data.pickup.pieces).toEqual([
      expect.objectContaining({ quantity: 2, weight_hundredths: 1040 }),
    ]);
    expect(rows[0].data.pickup.pieces).toEqual([expect.objectContaining({ weight: 1.1 })]);
  });
});
