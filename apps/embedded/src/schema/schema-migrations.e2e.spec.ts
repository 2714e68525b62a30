import { BATCH_MIGRATIONS } from '@shipping/batch-app';
import { unwrap } from '@shipping/client';
import {
  auditCheckpointsMigrations,
  checkpointsMigrations,
  eventStoreTables,
  eventsMigrations,
  migrate,
  type MigrationSet,
  type SqlClient,
} from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { GATEWAY_MIGRATIONS } from '@shipping/gateway-app';
import { LABEL_MIGRATIONS } from '@shipping/label-app';
import { ORDER_MIGRATIONS } from '@shipping/order-app';
import { PICKUP_MIGRATIONS } from '@shipping/pickup-app';
import { IDEMPOTENT_REQUESTS_MIGRATIONS } from '@shipping/platform/idempotency';
import { PARKED_EVENTS_MIGRATIONS } from '@shipping/platform/subscriptions';
import {
  createTestDatabase,
  eventually,
  freightOrder,
  startRuntime,
  type TestDatabase,
  testClient,
} from '@shipping/testing';
import { WEBHOOK_MIGRATIONS } from '@shipping/webhook-app';
import { OLDEST_SCHEMA } from './oldest-schema.fixture';

/** Every schema the embedded runtime keeps in its one database. */
const EMBEDDED_SCHEMAS: readonly MigrationSet[] = [
  eventsMigrations(eventStoreTables()),
  checkpointsMigrations(eventStoreTables()),
  auditCheckpointsMigrations(eventStoreTables()),
  IDEMPOTENT_REQUESTS_MIGRATIONS,
  GATEWAY_MIGRATIONS,
  ORDER_MIGRATIONS,
  PICKUP_MIGRATIONS,
  BATCH_MIGRATIONS,
  LABEL_MIGRATIONS,
  WEBHOOK_MIGRATIONS,
  PARKED_EVENTS_MIGRATIONS,
];

const allVersions = EMBEDDED_SCHEMAS.flatMap((set) =>
  set.migrations.map((migration) => `${set.owner} ${migration.version}`),
).sort();

/** Tables, columns, constraints, indexes and sequences, in an order that does not depend on history. */
async function catalog(sql: SqlClient): Promise<string[]> {
  const queries = [
    `select 'column ' || table_schema || '.' || table_name || '.' || column_name || ' ' || data_type || ' '
            || is_nullable || ' ' || coalesce(column_default, '') as line
       from information_schema.columns where table_schema in ('public', 'event_store')`,
    `select 'constraint ' || conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as line
       from pg_constraint where connamespace in ('public'::regnamespace, 'event_store'::regnamespace)`,
    `select 'index ' || indexdef as line from pg_indexes where schemaname in ('public', 'event_store')`,
    `select 'sequence ' || sequence_schema || '.' || sequence_name || ' ' || start_value as line
       from information_schema.sequences where sequence_schema in ('public', 'event_store')`,
  ];
  const lines: string[] = [];
  for (const query of queries)
    lines.push(...(await sql.query<{ line: string }>(query)).rows.map((row) => row.line));
  return lines.sort();
}

async function recordedVersions(sql: SqlClient): Promise<string[]> {
  const { rows } = await sql.query<{ line: string }>(
    `select owner || ' ' || version as line from schema_migrations`,
  );
  return rows.map((row) => row.line).sort();
}

async function migrateAll(sql: SqlClient): Promise<number> {
  let applied = 0;
  for (const set of EMBEDDED_SCHEMAS) applied += (await migrate(sql, set)).length;
  return applied;
}

describe('schema migrations of the embedded runtime on PostgreSQL', () => {
  const databases: TestDatabase[] = [];
  const clients: SqlClient[] = [];
  const open = async () => {
    const database = await createTestDatabase('schema_migrations');
    databases.push(database);
    return database;
  };
  const connect = (database: TestDatabase) => {
    const sql = createPgSqlClient(database.url, { max: 2 });
    clients.push(sql);
    return sql;
  };

  /** The schema every instance reaches from an empty database, migrated by 4 instances at once. */
  let current: string[];

  beforeAll(async () => {
    const database = await open();
    const instances = Array.from({ length: 4 }, () => connect(database));
    const applied = await Promise.all(instances.map(migrateAll));
    expect(applied.reduce((sum, count) => sum + count, 0)).toBe(allVersions.length);
    expect(await recordedVersions(instances[0])).toEqual(allVersions);
    current = await catalog(instances[0]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(clients.splice(0).map((sql) => sql.close()));
    for (const database of databases) await database.drop();
  });

  it('gives instances starting together on an empty database every table, each migration applied once', () => {
    for (const table of ['event_store.events', 'public.gateway_idempotency_keys', 'public.ledger_heads']) {
      expect(current).toContainEqual(
        expect.stringMatching(new RegExp(`^column ${table.replace('.', '\\.')}\\.`)),
      );
    }
    expect(current).toContainEqual(
      expect.stringMatching(/^column public\.webhook_deliveries\.seq bigint NO nextval/),
    );
  });

  it("records a database created before migrations (today's statements, run unrecorded) with nothing to change", async () => {
    const sql = connect(await open());
    for (const set of EMBEDDED_SCHEMAS) for (const migration of set.migrations) await sql.exec(migration.sql);
    const before = await catalog(sql);

    expect(await migrateAll(sql)).toBe(allVersions.length);
    expect(await recordedVersions(sql)).toEqual(allVersions);
    expect(await catalog(sql)).toEqual(current);
    expect(before).toEqual(current.filter((line) => !line.includes('schema_migrations')));
  });

  it('migrates a database of the oldest schema at start, keeps its rows, and the runtime works on it', async () => {
    const database = await open();
    const sql = connect(database);
    await sql.exec(OLDEST_SCHEMA);
    await sql.query(
      `insert into gateway_idempotency_keys (account_id, idempotency_key, request_hash, status_code, response_body, expires_at)
       values ('acct_acme', 'from-before', 'hash', 201, '{}', now() + interval '1 day')`,
    );

    const runtime = await startRuntime({ env: { STORE: 'postgres', DATABASE_URL: database.url } });
    try {
      const acme = testClient(runtime.baseUrl, 'sk_test_acme');
      const order = { body: freightOrder(), headers: { 'Idempotency-Key': 'after-migration' } };
      const created = await acme.POST('/freight-orders', order);
      expect(created.response.status).toBe(201);
      const repeated = await acme.POST('/freight-orders', order);
      expect(repeated.data).toEqual(created.data);
      const id = created.data!.data.shipment_order_id;
      // The open-orders read model (migrated from the oldest schema) catches up with the order.
      await eventually(async () => {
        const listed = unwrap(await acme.GET('/orders', { params: { query: { per_page: 1000 } } }));
        return JSON.stringify(listed).includes(String(id)) || undefined;
      });
    } finally {
      await runtime.stop();
    }

    expect(await recordedVersions(sql)).toEqual(allVersions);
    expect(await catalog(sql)).toEqual(current);
    const { rows } = await sql.query<{ key: string }>(
      'select idempotency_key as key from gateway_idempotency_keys where lease_expires_at is not null order by 1',
    );
    expect(rows.map((row) => row.key)).toEqual(['after-migration', 'from-before']);
  }, 120_000);
});
