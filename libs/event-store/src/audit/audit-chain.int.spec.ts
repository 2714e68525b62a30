import { randomBytes } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import type { SqlClient } from '../sql-client';
import { events, waitFor } from '../testing/contract-helpers';
import { MIGRATIONS_TABLE } from '../postgres/migrations';
import { createPgSqlClient } from '../postgres/pg-sql-client';
import { PostgresEventStore } from '../postgres/postgres-event-store';
import { checkpointText } from './audit-checkpoint';
import { canonicalJson } from './canonical-json';
import { recordCheckpoints } from './audit-checkpointer';
import { eventHash } from './event-hash';
import { auditSigningKey, signText } from './signing-keys';
import { SqlAuditCheckpoints } from './sql-audit-checkpoints';
import { verifyStore } from './verify-store';

const key = auditSigningKey('a1', randomBytes(32));
const published = [{ id: key.id, publicKey: key.publicKey }];

describe('the audit chain on a PostgreSQL server', () => {
  let database: TestDatabase;
  let sql: SqlClient;
  let store: PostgresEventStore;
  let checkpoints: SqlAuditCheckpoints;

  beforeEach(async () => {
    database = await createTestDatabase('audit_chain');
    sql = createPgSqlClient(database.url);
    store = new PostgresEventStore(sql);
    await store.init();
    checkpoints = new SqlAuditCheckpoints(sql);
    await checkpoints.init();
    await store.appendToStream('order-1', events(3), { expectedRevision: 'no_stream' });
    await store.appendToStream('order-2', events(2));
    await store.appendToStream('order-1', events(2, 3), { expectedRevision: 2n });
  }, 30_000);

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  /** $all is read up to the oldest transaction running on the server, which other suites may hold open. */
  const everyEventReadable = () =>
    waitFor(
      'every event to be readable in $all',
      async () => {
        const { rows } = await sql.query<{ count: string }>(
          'select count(*)::text as count from event_store.events',
        );
        return (await store.readAll()).length === Number(rows[0].count);
      },
      30_000,
    );
  const verify = async () => {
    await everyEventReadable();
    return verifyStore(store, await checkpoints.all(), published);
  };
  const checkpointEvery = async (maxEvents: number) => {
    await everyEventReadable();
    return recordCheckpoints(store, checkpoints, key, maxEvents);
  };
  const revisionOf = (stream: string, revision: number) =>
    `stream_name = '${stream}' and stream_revision = ${revision}`;

  it('chains each event to the one before it in its stream, and an untouched store verifies clean', async () => {
    await checkpointEvery(3);
    const [first, second] = await store.readStream('order-1');

    expect(second.hash).toBe(
      eventHash({ ...second, previousHash: first.hash ?? 'missing', metadata: second.metadata }),
    );
    expect((await checkpoints.all()).map((checkpoint) => checkpoint.events)).toEqual([3n, 6n, 7n]);
    expect(await verify()).toEqual({ events: 7, streams: 2, checkpoints: 3, breaks: [] });
  });

  it('keeps the chain whole under concurrent appends that expect any revision', async () => {
    const writers = Array.from(
      { length: 4 },
      () => new PostgresEventStore(createPgSqlClient(database.url), { schema: 'event_store' }),
    );
    try {
      await Promise.all(
        writers.flatMap((writer, w) =>
          Array.from({ length: 5 }, (_, n) => writer.appendToStream('order-3', events(2, w * 10 + n * 2))),
        ),
      );
    } finally {
      await Promise.all(writers.map((writer) => writer.close()));
    }

    expect(await store.readStream('order-3')).toHaveLength(40);
    expect((await verify()).breaks).toEqual([]);
  });

  it("reports one event's changed data at its stream and revision", async () => {
    await sql.query(`update event_store.events set data = '{"n": 99}' where ${revisionOf('order-1', 1)}`);

    expect((await verify()).breaks).toEqual([
      expect.objectContaining({
        stream: 'order-1',
        revision: 1n,
        problem: expect.stringMatching(/^altered/),
      }),
    ]);
  });

  it('reports a deleted event at its stream and revision', async () => {
    await sql.query(`delete from event_store.events where ${revisionOf('order-1', 2)}`);

    expect((await verify()).breaks).toEqual([
      expect.objectContaining({
        stream: 'order-1',
        revision: 2n,
        problem: expect.stringMatching(/^missing/),
      }),
    ]);
  });

  it('reports two swapped events at the first of them', async () => {
    await sql.query(`update event_store.events set stream_revision = 1000 where ${revisionOf('order-1', 1)}`);
    await sql.query(`update event_store.events set stream_revision = 1 where ${revisionOf('order-1', 2)}`);
    await sql.query(`update event_store.events set stream_revision = 2 where ${revisionOf('order-1', 1000)}`);

    const { breaks } = await verify();
    expect(breaks[0]).toMatchObject({ stream: 'order-1', revision: 1n });
  });

  it("reports a stream's truncated tail, after a checkpoint saw it, at the first revision missing", async () => {
    await checkpointEvery(100);
    await sql.query(`delete from event_store.events where stream_name = 'order-1' and stream_revision >= 3`);

    const { breaks } = await verify();
    expect(breaks).toContainEqual(
      expect.objectContaining({
        stream: 'order-1',
        revision: 3n,
        checkpoint: 1,
        problem: expect.stringMatching(/^missing/),
      }),
    );
    expect(breaks).toContainEqual(
      expect.objectContaining({ checkpoint: 1, problem: expect.stringMatching(/^\$all/) }),
    );
  });

  it('reports a checkpoint signed again with another key', async () => {
    await checkpointEvery(100);
    const other = auditSigningKey(key.id, randomBytes(32));
    const [checkpoint] = await checkpoints.all();
    await sql.query(`update event_store.audit_checkpoints set signature = $1 where sequence = 1`, [
      signText(checkpointText(checkpoint, key.id), other),
    ]);

    expect((await verify()).breaks).toEqual([
      expect.objectContaining({ checkpoint: 1, problem: expect.stringMatching(/signature does not verify/) }),
    ]);
  });

  it('chains the events stored before the chain at the next start, and says how many', async () => {
    await sql.query('update event_store.events set event_hash = null');
    const reopened = new PostgresEventStore(createPgSqlClient(database.url));
    try {
      expect(await reopened.init()).toEqual({ chained: 7 });
      expect(await reopened.init()).toEqual({ chained: 0 });
    } finally {
      await reopened.close();
    }
    expect((await verify()).breaks).toEqual([]);
  });

  it("stores each event's data as the RFC 8785 text its hash covers", async () => {
    await store.appendToStream('order-3', [
      { type: 'Nested', data: { z: [2, { b: 'é', a: null }], a: 1.5 } },
    ]);
    const { rows } = await sql.query<{ stored: string; type: string }>(
      'select data::text as stored, pg_typeof(data)::text as type from event_store.events order by global_position',
    );

    expect(rows.map(({ type }) => type)).toEqual(Array(rows.length).fill('json'));
    for (const { stored } of rows) expect(stored).toBe(canonicalJson(JSON.parse(stored)));
    expect(rows.at(-1)?.stored).toBe('{"a":1.5,"z":[2,{"a":null,"b":"é"}]}');
  });

  it('keeps the data of events stored as jsonb when the column becomes json, and they verify clean', async () => {
    const before = await store.readAll();
    await sql.query('alter table event_store.events alter column data type jsonb using data::jsonb');
    await sql.query(`delete from ${MIGRATIONS_TABLE} where owner = 'event_store.events' and version = 3`);
    const reopened = new PostgresEventStore(createPgSqlClient(database.url));
    try {
      await reopened.init();
      expect(await reopened.readAll()).toEqual(before);
      await reopened.appendToStream('order-2', events(1, 2), { expectedRevision: 1n });
    } finally {
      await reopened.close();
    }
    const { rows } = await sql.query<{ type: string }>(
      "select data_type as type from information_schema.columns where table_schema = 'event_store' and table_name = 'events' and column_name = 'data'",
    );
    expect(rows).toEqual([{ type: 'json' }]);
    expect((await verify()).breaks).toEqual([]);
  });

  it('chains an append to a stream whose head was stored without a hash', async () => {
    await sql.query(`update event_store.events set event_hash = null where stream_name = 'order-2'`);
    await store.appendToStream('order-2', events(1, 2), { expectedRevision: 1n });

    expect((await verify()).breaks).toEqual([]);
  });
});
