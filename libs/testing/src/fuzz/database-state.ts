import type { Client } from 'pg';
import { lagSamplesOf } from '../metrics/lag-samples';

/**
 * Tables that move with time, not with requests: subscription progress, leases, carrier tokens,
 * the audit chain's signed checkpoints;
 * and the answers kept per Idempotency-Key (the gateway's, the apps', instant ship's binding of a
 * key to its shipment and the pickup app's of a key to its pickup, each made before the request is
 * tried), refusals included, so a retry gets the same answer.
 * The migrations components apply as they start (a stored subscription applies `parked_events`'
 * when it first starts, a relay only once its instance leads), which can come after the runtime
 * answers its first request.
 * Deliveries and their attempts are counted only, as retries of a delivery rewrite its row.
 */
const MOVING_TABLES = new Set([
  'schema_migrations',
  'subscription_checkpoints',
  'leased_rows',
  'carrier_tokens',
  'gateway_idempotency_keys',
  'idempotent_requests',
  'order_instant_ship_keys',
  'pickup_request_keys',
  'audit_checkpoints',
]);
const COUNTED_TABLES = new Set(['webhook_deliveries', 'webhook_attempts']);

/** Row count and a checksum of every row of each table, event store positions included. */
export type DatabaseState = Record<string, string>;

export async function databaseState(db: Client): Promise<DatabaseState> {
  const tables = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const state: DatabaseState = {};
  for (const { schema, name } of tables.rows) {
    if (MOVING_TABLES.has(name)) continue;
    const table = `"${schema}"."${name}"`;
    const sql =
      name === 'events'
        ? `select count(*) || ' @' || coalesce(max(global_position), 0) as value from ${table}`
        : COUNTED_TABLES.has(name)
          ? `select count(*)::text as value from ${table}`
          : `select count(*) || ' ' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as value
             from ${table} t`;
    state[`${schema}.${name}`] = (await db.query<{ value: string }>(sql)).rows[0].value;
  }
  return state;
}

/** The tables whose state differs, with both states. */
export function changedTables(before: DatabaseState, after: DatabaseState): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names]
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name}: ${before[name] ?? 'absent'} -> ${after[name] ?? 'absent'}`);
}

/**
 * Work the runtime has taken on and not finished, which quiet reads cannot see while it waits on
 * a carrier or a webhook target: a delivery due within seconds (or being sent), a label purchase
 * holding its lease, an instant ship or a batch's labelling still under way. Tables a store does
 * not have count nothing.
 */
const WORK_IN_HAND: Record<string, string> = {
  webhook_deliveries: `status = 'pending' and (next_attempt_at is null or next_attempt_at < now() + interval '15 seconds')`,
  label_purchase_intents: 'lease_expires_at > now()',
  order_instant_ship_pending: 'true',
  batch_labeling_jobs: 'true',
};

/**
 * Events committed beyond the fence of $all (the event store's `all_fence()`): the subscriptions
 * cannot read them yet, since a transaction older than theirs still runs in this database. Their
 * lag counts them too (decision 146); this reads it from the database itself.
 */
const EVENTS_BEYOND_THE_FENCE = `(select count(*) from event_store.events
  where transaction_id >= (select event_store.all_fence()))`;

/** How many pieces of work in hand the database holds (see WORK_IN_HAND and the fence above). */
export async function workInHand(db: Client): Promise<number> {
  const { rows } = await db.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and ((table_schema = current_schema() and table_name = any($1))
       or (table_schema = 'event_store' and table_name = 'events'))`,
    [Object.keys(WORK_IN_HAND)],
  );
  if (rows.length === 0) return 0;
  const counts = rows.map(({ schema, name }) =>
    schema === 'event_store'
      ? EVENTS_BEYOND_THE_FENCE
      : `(select count(*) from "${name}" where ${WORK_IN_HAND[name]})`,
  );
  return Number((await db.query<{ total: string }>(`select ${counts.join(' + ')} as total`)).rows[0].total);
}

/** Whether every store subscription of the runtime at `baseUrl` reports no lag on its /metrics. */
export async function subscriptionsCaughtUp(baseUrl: string): Promise<boolean> {
  try {
    const response = await fetch(`${baseUrl}/metrics`, { signal: AbortSignal.timeout(10_000) });
    if (!response.ok) return false;
    return [...lagSamplesOf(await response.text())].every(
      ([sample, lag]) => !sample.startsWith('shipping_subscription_lag_events{') || lag === 0,
    );
  } catch {
    return false;
  }
}

/**
 * The state once the runtime has settled: its subscriptions caught up (`caughtUp`: the
 * projections and process managers, a batch's validation among them), no work in hand (events
 * beyond the fence of $all included), and three reads `quietMs` apart agreeing, or `timeoutMs`
 * passed. Quiet reads alone were fooled on a loaded machine, where a process manager, a carrier or
 * webhook call, or a transaction holding the fence lasted longer than two reads.
 */
export async function settledState(
  db: Client,
  caughtUp: () => Promise<boolean> = async () => true,
  quietMs = 250,
  timeoutMs = 30_000,
): Promise<DatabaseState> {
  const deadline = Date.now() + timeoutMs;
  let previous = await databaseState(db);
  let quiet = 0;
  for (;;) {
    await new Promise((done) => setTimeout(done, quietMs));
    const current = await databaseState(db);
    const still =
      changedTables(previous, current).length === 0 && (await caughtUp()) && (await workInHand(db)) === 0;
    quiet = still ? quiet + 1 : 0;
    if (quiet >= 2 || Date.now() > deadline) return current;
    previous = current;
  }
}
