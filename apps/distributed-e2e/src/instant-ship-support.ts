import { Client } from 'pg';
import type { ShippingClient } from '@shipping/client';
import {
  type AppProcess,
  type DistributedRuntime,
  type InMemoryEventLog,
  instantShipBody,
} from '@shipping/testing';
import { countIn, ledgerEvents } from './distributed-support';

export const instantShip = (client: ShippingClient, key: string) =>
  client.POST('/parcel-orders/instant-ship', {
    body: instantShipBody(),
    headers: { 'Idempotency-Key': key },
  });

/**
 * What a client does after a 503 or a 409: asks again with the same key, a second apart, until
 * the answer is an outcome.
 */
export async function retryUntilAnswered(client: ShippingClient, key: string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await instantShip(client, key);
    const { status } = answer.response;
    if ((status !== 503 && status !== 409) || Date.now() > deadline) return answer;
    await new Promise((done) => setTimeout(done, 1_000));
  }
}

/** Shipments the order app recorded a request for: every one is a shipment the client may pay for. */
export async function requestedShipments(runtime: DistributedRuntime): Promise<number[]> {
  const client = new Client({ connectionString: runtime.apps.order.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: string }>(
      `select data->>'shipment_order_id' as id from event_store.events where event_type = 'InstantShipRequested'`,
    );
    return rows.map((row) => Number(row.id));
  } finally {
    await client.end();
  }
}

/** Everything that happened to one shipment, each from the app that owns it (the batch app's ledger in EventStoreDB). */
export async function effectsOf(
  runtime: DistributedRuntime,
  batchLog: InMemoryEventLog,
  shipmentOrderId: number,
) {
  const { order, label } = runtime.apps;
  const ledger = (type: string) =>
    ledgerEvents<{ shipment_order_id: unknown }>(batchLog, type).filter(
      (event) => Number(event.shipment_order_id) === shipmentOrderId,
    ).length;
  const outcome = `select count(*) from event_store.events where event_type = $1
    and (data->>'shipment_order_id')::bigint = $2`;
  const itemId = `shipment-${shipmentOrderId}`;
  return {
    charged: ledger('ShipmentCharged'),
    refunded: ledger('ShipmentRefunded'),
    labelsSold: await countIn(label, 'select count(*) from sandbox_carrier_sales where item_id = $1', [
      itemId,
    ]),
    labelsRecorded: await countIn(label, 'select count(*) from label_purchases where item_id = $1', [itemId]),
    shipped: await countIn(order, outcome, ['ParcelShipped', shipmentOrderId]),
    failed: await countIn(order, outcome, ['InstantShipFailed', shipmentOrderId]),
  };
}

export const ONCE = { charged: 1, refunded: 0, labelsSold: 1, labelsRecorded: 1, shipped: 1, failed: 0 };

/** Shipments begun and not finished, by the order app's pending table. */
export const unfinishedShipments = (order: AppProcess) =>
  countIn(order, 'select count(*) from order_instant_ship_pending');

/** The order app's claim of a keyed command still in progress (released once it failed). */
export const commandsInProgress = (order: AppProcess, key: string) =>
  countIn(order, 'select count(*) from idempotent_requests where idempotency_key = $1 and outcome is null', [
    key,
  ]);

/**
 * Holds every insert into `table` of an app's database on an advisory lock the returned client
 * takes, so a step waits there until the test lets it go; `waiting()` is true once one does.
 */
export async function holdInserts(app: AppProcess, table: string, lock: number) {
  const holder = new Client({ connectionString: app.databaseUrl });
  await holder.connect();
  const fn = `hold_${table}`;
  await holder.query(`select pg_advisory_lock(${lock})`);
  await holder.query(`create function ${fn}() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock(${lock}); return new; end $$`);
  await holder.query(`create trigger ${fn} before insert on ${table} for each row execute function ${fn}()`);
  const waiters = `select pid from pg_locks where locktype = 'advisory' and not granted and objid = ${lock}
    and database = (select oid from pg_database where datname = current_database())`;
  return {
    waiting: async () => (await holder.query(waiters)).rows.length > 0,
    /** Ends the waiting statements, as the server does once it sees their client is gone. */
    abandonWaiters: async () => {
      await holder.query(`select pg_terminate_backend(pid) from (${waiters}) as held`);
    },
    /** Lets the held statements go first: dropping the trigger waits for them. */
    release: async () => {
      await holder.query(`select pg_advisory_unlock(${lock})`);
      await holder.query(`drop trigger ${fn} on ${table}`);
      await holder.query(`drop function ${fn}()`);
      await holder.end();
    },
  };
}
