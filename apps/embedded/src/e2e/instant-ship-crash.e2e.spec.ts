import { Client } from 'pg';
import { unwrap } from '@shipping/client';
import {
  createTestDatabase,
  eventually,
  freePort,
  instantShipBody,
  type RuntimeProcess,
  startRuntime,
  temporaryDataDir,
  testClient,
} from '@shipping/testing';
import { hasValidSignature, startWebhookReceiver } from './webhook-receiver';

const SHIPPED_LOCK = 7_300_501;

/**
 * Instant ship loses nothing to a crash (SIGKILL, no shutdown hooks): neither between its event
 * and the webhook delivery, nor between the request's first event and its label.
 */
describe('instant ship survives the runtime being killed', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Client;
  const dataDir = temporaryDataDir();
  let runtime: RuntimeProcess | undefined;
  const start = async () => {
    await runtime?.stop();
    runtime = await startRuntime({
      dataDir,
      env: {
        STORE: 'postgres',
        DATABASE_URL: database.url,
        RATE_LIMIT_PER_MINUTE: '0',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_RETRY_SCHEDULE_MS: '200,400,800,1600,3200,6400',
        // The killed finisher's claim runs out in seconds instead of 15 s: the same takeover.
        INSTANT_SHIP_LEASE_MS: '5000',
      },
    });
    return testClient(runtime.baseUrl, 'sk_test_acme');
  };
  const events = async (type: string, shipmentOrderId: number) =>
    Number(
      (
        await db.query(
          `select count(*) from event_store.events where event_type = $1 and (data->>'shipment_order_id')::bigint = $2`,
          [type, shipmentOrderId],
        )
      ).rows[0].count,
    );

  beforeAll(async () => {
    database = await createTestDatabase('instant_ship_crash_e2e');
    db = new Client({ connectionString: database.url });
    await db.connect();
  });

  afterAll(async () => {
    await runtime?.stop();
    await db?.end();
    await database?.drop();
  });

  it('delivers the webhook exactly once when killed after the ship event and before the delivery', async () => {
    // Deterministic: the receiver only starts listening after the kill.
    const receiverPort = await freePort();
    let acme = await start();
    const endpoint = unwrap(
      await acme.POST('/webhooks', { body: { url: `http://127.0.0.1:${receiverPort}/hooks` } }),
    );
    const shipped = await acme.POST('/parcel-orders/instant-ship', { body: instantShipBody() });
    expect(shipped.response.status).toBe(201);
    await runtime?.kill();
    const shipmentOrderId = Number(shipped.data!.data.shipment_order_id);
    expect(await events('ParcelShipped', shipmentOrderId)).toBe(1);

    const receiver = await startWebhookReceiver(receiverPort);
    try {
      acme = await start();
      // A delivery whose attempt the kill cut off waits for its lease: the 1 s timeout plus 15 s.
      await eventually(async () => (receiver.received.length > 0 ? true : undefined), 30_000);
      const deliveries = await eventually(async () => {
        const listed = unwrap(
          await acme.GET('/webhooks/{webhook_id}/deliveries', {
            params: { path: { webhook_id: String(endpoint.id) } },
          }),
        );
        return listed.data.every((delivery) => delivery.status === 'delivered') ? listed.data : undefined;
      }, 20_000);
      await new Promise((done) => setTimeout(done, 1_000));
      expect(receiver.received).toHaveLength(1);
      expect(deliveries).toHaveLength(1);
      const [delivery] = receiver.received;
      expect(delivery.headers['webhook-id']).toBe(deliveries[0].id);
      expect(hasValidSignature(delivery, endpoint.secret!)).toBe(true);
      expect(delivery.body).toEqual(
        expect.objectContaining({
          shipment_order_id: shipmentOrderId,
          main_tracking_number: shipped.data!.data.main_tracking_number,
        }),
      );
    } finally {
      await receiver.close();
    }
  }, 90_000);

  it('finishes a shipment whose request was cut off by the kill: charged once, labelled once, pending no more', async () => {
    const acme = await start();
    // Deterministic: appending ParcelShipped waits on an advisory lock this test holds, so the kill
    // lands after the charge and the label and before the outcome is recorded.
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    await holder.query(`select pg_advisory_lock(${SHIPPED_LOCK})`);
    await db.query(`create function hold_parcel_shipped() returns trigger language plpgsql as $$
      begin if new.event_type = 'ParcelShipped' then perform pg_advisory_xact_lock(${SHIPPED_LOCK}); end if; return new; end $$`);
    await db.query(
      'create trigger hold_parcel_shipped before insert on event_store.events for each row execute function hold_parcel_shipped()',
    );
    const request = acme
      .POST('/parcel-orders/instant-ship', { body: instantShipBody() })
      .catch(() => undefined);
    const shipmentOrderId = await eventually(async () => {
      const { rows } = await db.query(
        `select (data->>'shipment_order_id')::bigint as id from event_store.events where event_type = 'InstantShipRequested' order by global_position desc limit 1`,
      );
      const id = rows.length > 0 ? Number(rows[0].id) : undefined;
      const labelled =
        id !== undefined &&
        Number(
          (await db.query('select count(*) from label_purchases where item_id = $1', [`shipment-${id}`]))
            .rows[0].count,
        ) === 1;
      const held =
        labelled && (await events('ShipmentCharged', id)) === 1 && (await events('ParcelShipped', id)) === 0;
      return held ? id : undefined;
    }, 20_000);
    await runtime?.kill();
    await request;
    const shippedAtKill = await events('ParcelShipped', shipmentOrderId);
    // The killed runtime's append still waits on the lock inside the server: let it go first, so
    // dropping the trigger is not queued behind it (it rolls back, its client being gone).
    await holder.end();
    await db.query('drop trigger hold_parcel_shipped on event_store.events');
    await db.query('drop function hold_parcel_shipped()');

    await start();
    // The recovery takes the shipment over once the killed finisher's claim ran out (5 s at most).
    await eventually(
      async () => ((await events('ParcelShipped', shipmentOrderId)) === 1 ? true : undefined),
      60_000,
    );
    expect(shippedAtKill).toBe(0);
    expect(await events('ShipmentCharged', shipmentOrderId)).toBe(1);
    expect(await events('InstantShipFailed', shipmentOrderId)).toBe(0);
    const labels = await db.query(`select count(*) from label_purchases where item_id = $1`, [
      `shipment-${shipmentOrderId}`,
    ]);
    expect(Number(labels.rows[0].count)).toBe(1);
    await eventually(async () => {
      const { rows } = await db.query(
        'select count(*) from order_instant_ship_pending where shipment_order_id = $1',
        [shipmentOrderId],
      );
      return Number(rows[0].count) === 0 ? true : undefined;
    }, 60_000);
  }, 150_000);
});
