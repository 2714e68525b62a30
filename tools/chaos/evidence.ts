import { spawn } from 'node:child_process';
import { Client } from 'pg';
import { type AppProcess, type DistributedRuntime, REPO_ROOT, TS_RUNTIME } from '@shipping/testing';
import type {
  ReadModelComparison,
  StoredDelivery,
  StoredEvent,
  StreamShape,
  UspsEvidence,
} from './invariants';

/** One query against one app's own database. */
export async function queryApp<T>(app: AppProcess, sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: app.databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

const eventsOf = (app: AppProcess, where: string) =>
  queryApp<StoredEvent>(
    app,
    `select stream_name as stream, stream_revision::int as revision, event_type as type, data
     from event_store.events where ${where} order by global_position`,
  );

export const batchEventsOf = (runtime: DistributedRuntime) =>
  eventsOf(
    runtime.apps.batch,
    `stream_name like 'batch-%' and event_type in ('BatchShipped', 'ItemCompleted', 'ItemFailed')`,
  );

export const ledgerEventsOf = (runtime: DistributedRuntime) =>
  eventsOf(runtime.apps.batch, `stream_name like 'ledger-%'`);

export async function balancesOf(runtime: DistributedRuntime): Promise<Map<string, number>> {
  const rows = await queryApp<{ stream: string; balance: string }>(
    runtime.apps.batch,
    `select stream, balance_cents::text as balance from ledger_heads where stream like 'ledger-%'`,
  );
  return new Map(rows.map((row) => [row.stream, Number(row.balance)]));
}

export async function carrierSalesByItem(runtime: DistributedRuntime): Promise<Map<string, number>> {
  const rows = await queryApp<{ item_id: string; count: string }>(
    runtime.apps.label,
    'select item_id, count(*) from sandbox_carrier_sales group by item_id',
  );
  return new Map(rows.map((row) => [row.item_id, Number(row.count)]));
}

/** The labels the label app recorded under the tracking numbers USPS (its mock) sold, and the live intents whose outcome is unknown. */
export async function uspsEvidenceOf(runtime: DistributedRuntime, sold: string[]): Promise<UspsEvidence> {
  const recorded = await queryApp<{ item_id: string; tracking_number: string }>(
    runtime.apps.label,
    `select item_id, tracking_number from label_purchases
      where tracking_number = any($1::text[]) or item_id in
        (select item_id from label_purchase_intents where carrier = 'usps' and integration = 'own')`,
    [sold],
  );
  const [unknown] = await queryApp<{ count: string }>(
    runtime.apps.label,
    `select count(*) from label_purchase_intents where carrier = 'usps' and outcome_unknown is not null`,
  );
  return { sold, recorded, outcomeUnknown: Number(unknown.count) };
}

export async function instantShipKeysOf(runtime: DistributedRuntime): Promise<Map<string, number>> {
  const rows = await queryApp<{ key: string; id: string }>(
    runtime.apps.order,
    'select idempotency_key as key, shipment_order_id::text as id from order_instant_ship_keys',
  );
  return new Map(rows.map((row) => [row.key, Number(row.id)]));
}

export async function requestedShipmentsOf(runtime: DistributedRuntime): Promise<number[]> {
  const rows = await queryApp<{ id: string }>(
    runtime.apps.order,
    `select data->>'shipment_order_id' as id from event_store.events where event_type = 'InstantShipRequested'`,
  );
  return rows.map((row) => Number(row.id));
}

/** Every stream of every app's store, its shape: counts, revisions, events repeating an earlier one. */
export async function streamShapesOf(runtime: DistributedRuntime): Promise<StreamShape[]> {
  const shapes: StreamShape[] = [];
  for (const [name, app] of Object.entries(runtime.apps)) {
    const rows = await queryApp<{
      stream: string;
      events: number;
      distinct: number;
      max: number;
      unique_bodies: number;
    }>(
      app,
      `select stream_name as stream, count(*)::int as events, count(distinct stream_revision)::int as distinct,
         max(stream_revision)::int as max, count(distinct (event_type, data::text))::int as unique_bodies
       from event_store.events group by stream_name`,
    );
    for (const row of rows)
      shapes.push({
        app: name,
        stream: row.stream,
        events: row.events,
        distinctRevisions: row.distinct,
        maxRevision: row.max,
        repeats: row.events - row.unique_bodies,
      });
  }
  return shapes;
}

/** The tracking numbers of every batch item labelled and every instant ship shipped. */
export async function trackingNumbersOf(runtime: DistributedRuntime): Promise<string[]> {
  const shipped = `select data->>'tracking_number' as number from event_store.events where event_type = $1`;
  const items = await queryApp<{ number: string }>(runtime.apps.batch, shipped, ['ItemCompleted']);
  const parcels = await queryApp<{ number: string }>(runtime.apps.order, shipped, ['ParcelShipped']);
  return [...items, ...parcels].map((row) => row.number);
}

export async function deliveriesOf(runtime: DistributedRuntime): Promise<StoredDelivery[]> {
  const rows = await queryApp<{ id: string; url: string; status: string }>(
    runtime.apps.webhook,
    `select d.id, e.url, d.status from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id`,
  );
  return rows.map((row) => ({ id: row.id, path: new URL(row.url).pathname, status: row.status }));
}

export async function parkedOf(runtime: DistributedRuntime) {
  const parked: { app: string; subscription: string; eventId: string }[] = [];
  for (const [name, app] of Object.entries(runtime.apps)) {
    const rows = await queryApp<{ subscription: string; event_id: string }>(
      app,
      `select subscription, event_id from parked_events`,
    ).catch((error: { code?: string }) => {
      // 42P01: an app with no subscriptions has no parked_events table.
      if (error.code === '42P01') return [];
      throw error;
    });
    parked.push(...rows.map((row) => ({ app: name, subscription: row.subscription, eventId: row.event_id })));
  }
  return parked;
}

/** The apps with read models that `npm run replay -- rebuild` rebuilds. */
export const REBUILT_APPS = ['gateway', 'order', 'pickup', 'batch'] as const;

/** `npm run replay -- rebuild --json` on one app's database, its comparison table by table. */
export function rebuildAndCompare(app: AppProcess, name: string): Promise<ReadModelComparison> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...TS_RUNTIME, 'tools/replay/replay.ts', 'rebuild', '--json'], {
      cwd: REPO_ROOT,
      env: { ...process.env, STORE: 'postgres', DATABASE_URL: app.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const killer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.once('exit', (code) => {
      clearTimeout(killer);
      try {
        const report = JSON.parse(stdout) as {
          tables: {
            table: string;
            liveRows: number;
            rebuiltRows: number;
            onlyLive: unknown[];
            onlyRebuilt: unknown[];
            changed: unknown[];
          }[];
        };
        resolve({
          app: name,
          tables: report.tables.map((t) => ({
            table: t.table,
            liveRows: t.liveRows,
            rebuiltRows: t.rebuiltRows,
            equal: t.onlyLive.length === 0 && t.onlyRebuilt.length === 0 && t.changed.length === 0,
          })),
        });
      } catch {
        reject(new Error(`replay rebuild of ${name} exited ${code}: ${stderr.slice(-2000)}`));
      }
    });
  });
}
