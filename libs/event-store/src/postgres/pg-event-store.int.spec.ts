import { Client, types } from 'pg';
import { createTestDatabase, type TestDatabase } from '@shipping/testing';
import { type AppendResult, comparePositions, type RecordedEvent, type Subscription } from '../event-store';
import type { SqlClient } from '../sql-client';
import {
  anEvent,
  listRecorder,
  numbers,
  recorder,
  sleep,
  uniqueCategory,
  waitFor,
} from '../testing/contract-helpers';
import { describeEventStoreContract } from '../testing/event-store-contract';
import { createPgSqlClient } from './pg-sql-client';
import { PostgresEventStore } from './postgres-event-store';

describeEventStoreContract(
  'PostgreSQL server',
  async () => {
    const database = await createTestDatabase('event_store_contract');
    const store = new PostgresEventStore(createPgSqlClient(database.url));
    await store.init();
    return {
      store,
      dispose: async () => {
        await store.close();
        await database.drop();
      },
    };
  },
  { uniqueEventIds: true },
);

describe('PostgresEventStore on a PostgreSQL server', () => {
  let database: TestDatabase;
  let client: SqlClient;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase('event_store_server');
    client = createPgSqlClient(database.url);
    store = new PostgresEventStore(client, { pollIntervalMs: 50 });
    await store.init();
  }, 30_000);

  afterAll(async () => {
    await store?.close();
    await database?.drop();
  }, 30_000);

  /** Appends in a transaction that stays open until `commit()`; `committed` settles when it ended. */
  async function appendHeldOpen(streamName: string) {
    let commit: () => void = () => undefined;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let appended: (result: AppendResult) => void = () => undefined;
    const append = new Promise<AppendResult>((resolve) => (appended = resolve));
    const committed = client.transaction(async (tx) => {
      appended(
        await store.appendInTransaction(tx, streamName, [anEvent(1)], { expectedRevision: 'no_stream' }),
      );
      await committing;
    });
    // A failed append ends the transaction without resolving `append`: surface that failure.
    return { result: await Promise.race([append, committed.then(() => append)]), commit, committed };
  }

  /**
   * The skipped-event hazard. The early append takes its global position first but commits
   * last; the late append commits in between. A naive reader ("global_position > checkpoint,
   * order by global_position") sees only the late event at that moment, hands it out, moves
   * its checkpoint past the early event's position, and never delivers the early event once
   * its transaction commits. The naive query below shows that trap is really set; the store
   * must hold the late event back until the early one is visible, then deliver both in order.
   */
  it('never skips an event whose transaction took its position first but committed last', async () => {
    const category = uniqueCategory();
    const [earlyStream, lateStream] = [`${category}-early`, `${category}-late`];
    const ours = (events: RecordedEvent[]) =>
      events.filter((event) => event.streamName.startsWith(category)).map((event) => event.streamName);
    const handler = recorder();
    const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
    try {
      await subscription.caughtUp;
      const early = await appendHeldOpen(earlyStream);
      const beforeEarly = { commit: early.result.position.commit - 1n, prepare: 0n };
      try {
        const late = await store.appendToStream(lateStream, [anEvent(2)], { expectedRevision: 'no_stream' });

        expect(early.result.position.prepare).toBeLessThan(late.position.prepare);
        const naive = await client.query<{ stream_name: string }>(
          `select stream_name from event_store.events where global_position > $1 and stream_name like $2 order by global_position`,
          [(early.result.position.prepare - 1n).toString(), `${category}-%`],
        );
        expect(naive.rows.map((row) => row.stream_name)).toEqual([lateStream]);

        await sleep(300);
        expect(handler.events).toEqual([]);
        expect(ours(await store.readAll({ after: beforeEarly }))).toEqual([]);
        // Counting what is to come may look past the fence: the late event, committed, is there.
        expect(ours(await store.readAll({ after: beforeEarly, includeNotFinal: true }))).toEqual([
          lateStream,
        ]);
      } finally {
        early.commit();
        await early.committed;
      }

      await waitFor('both events', () => handler.events.length >= 2);
      expect(ours(handler.events)).toEqual([earlyStream, lateStream]);
      expect(ours(await store.readAll({ after: beforeEarly }))).toEqual([earlyStream, lateStream]);
      expect(handler.errors).toEqual([]);
    } finally {
      await subscription.stop();
    }
  }, 30_000);

  it('delivers events past a transaction another database of the server holds open: it cannot write here', async () => {
    const category = uniqueCategory();
    const neighbour = await createTestDatabase('event_store_neighbour');
    const holder = new Client({ connectionString: neighbour.url });
    await holder.connect();
    const handler = recorder();
    const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
    try {
      await subscription.caughtUp;
      await holder.query('begin');
      const { rows } = await holder.query<{ id: string }>('select pg_current_xact_id()::text as id');
      const appended = await store.appendToStream(`${category}-after`, [anEvent(1)]);

      // The neighbour's transaction is older and still running: the snapshot's oldest transaction,
      // the neighbour's or one older still (other spec files share the server), would hold the event back.
      const serverWide = await client.query<{ oldest: string }>(
        'select pg_snapshot_xmin(pg_current_snapshot())::text as oldest',
      );
      expect(BigInt(serverWide.rows[0].oldest)).toBeLessThanOrEqual(BigInt(rows[0].id));
      expect(appended.position.commit).toBeGreaterThan(BigInt(rows[0].id));

      await waitFor('the event', () => handler.events.length >= 1);
      expect(handler.events.map((event) => event.streamName)).toEqual([`${category}-after`]);
      const beforeIt = { commit: appended.position.commit - 1n, prepare: 0n };
      expect((await store.readAll({ after: beforeIt })).map((event) => event.streamName)).toContain(
        `${category}-after`,
      );
    } finally {
      await subscription.stop();
      await holder.query('commit');
      await holder.end();
      await neighbour.drop();
    }
  }, 30_000);

  it("delivers every event once and in order while transactions of its database and another's start and end at random", async () => {
    const category = uniqueCategory();
    const neighbour = await createTestDatabase('event_store_neighbours');
    const neighbours = createPgSqlClient(neighbour.url, { max: 3 });
    const handler = recorder();
    const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
    const randomPause = (ms: number) => sleep(Math.floor(Math.random() * ms));
    let writing = true;
    try {
      await subscription.caughtUp;
      // Transactions holding an id on the other database, overlapping the appends throughout.
      const neighbourWork = Array.from({ length: 3 }, async () => {
        while (writing)
          await neighbours.transaction(async (tx) => {
            await tx.query('select pg_current_xact_id()');
            await randomPause(40);
          });
      });
      // Four writers, each appending in transactions held open a random while after the insert.
      await Promise.all(
        Array.from({ length: 4 }, async (_, writer) => {
          for (let n = 0; n < 25; n++)
            await client.transaction(async (tx) => {
              await store.appendInTransaction(tx, `${category}-${writer}`, [anEvent(n)]);
              await randomPause(30);
            });
        }),
      );
      writing = false;
      await Promise.all(neighbourWork);

      await waitFor('every event', () => handler.events.length >= 100, 10_000);
      await sleep(200);
      expect(handler.events).toHaveLength(100);
      for (let writer = 0; writer < 4; writer++)
        expect(
          numbers(handler.events.filter((event) => event.streamName === `${category}-${writer}`)),
        ).toEqual(Array.from({ length: 25 }, (_, n) => n));
      const positions = handler.events.map((event) => event.position);
      expect(positions.slice(1).every((position, i) => comparePositions(positions[i], position) < 0)).toBe(
        true,
      );
      expect(handler.errors).toEqual([]);
    } finally {
      writing = false;
      await subscription.stop();
      await neighbours.close();
      await neighbour.drop();
    }
  }, 60_000);

  it('resolves caughtUp only once events committed before subscribing were delivered, even behind a running transaction', async () => {
    const category = uniqueCategory();
    const held = await appendHeldOpen(`${category}-held`);
    const handler = recorder();
    let subscription: Subscription | undefined;
    let caughtUp = false;
    try {
      await store.appendToStream(`${category}-committed`, [anEvent(2)]);
      subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
      void subscription.caughtUp.then(() => (caughtUp = true));

      await sleep(300);
      expect(caughtUp).toBe(false);
    } finally {
      held.commit();
      await held.committed;
    }
    try {
      await subscription.caughtUp;
      expect(handler.events.map((event) => event.streamName)).toEqual([
        `${category}-held`,
        `${category}-committed`,
      ]);
    } finally {
      await subscription.stop();
    }
  }, 30_000);

  it('rolls back an in-transaction append with its transaction', async () => {
    const stream = `${uniqueCategory()}-1`;
    const failure = new Error('the rest of the unit of work failed');

    await expect(
      client.transaction(async (tx) => {
        await store.appendInTransaction(tx, stream, [anEvent(1)]);
        throw failure;
      }),
    ).rejects.toBe(failure);

    expect(await store.readStream(stream)).toEqual([]);
  });

  it('keeps the caller transaction usable after a revision conflict inside it', async () => {
    const stream = `${uniqueCategory()}-1`;
    await store.appendToStream(stream, [anEvent(0)]);

    const outcome = await client.transaction(async (tx) => {
      const conflict = await store
        .appendInTransaction(tx, stream, [anEvent(9)], { expectedRevision: 'no_stream' })
        .catch((error: unknown) => error);
      await store.appendInTransaction(tx, stream, [anEvent(1)], { expectedRevision: 0n });
      return conflict;
    });

    expect(outcome).toMatchObject({ name: 'WrongExpectedVersionError', actual: 0n });
    expect((await store.readStream(stream)).map((event) => event.data)).toEqual([{ n: 0 }, { n: 1 }]);
  });

  it('lets a subscriber find events appended through another store instance by polling', async () => {
    const other = new PostgresEventStore(createPgSqlClient(database.url));
    const category = uniqueCategory();
    const handler = recorder();
    const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
    try {
      await subscription.caughtUp;
      await other.appendToStream(`${category}-1`, [anEvent(1)]);
      await waitFor('the polled event', () => handler.events.length === 1, 2_000);
    } finally {
      await subscription.stop();
      await other.close();
    }
  });

  it('creates its schema idempotently, even from several stores at once', async () => {
    const stores = Array.from(
      { length: 4 },
      () => new PostgresEventStore(createPgSqlClient(database.url), { schema: 'concurrent_init' }),
    );
    try {
      await Promise.all(stores.map((each) => each.init()));
      await stores[0].init();
      await stores[1].appendToStream('thing-1', [anEvent(1)]);
      expect(await stores[2].readStream('thing-1')).toHaveLength(1);
    } finally {
      await Promise.all(stores.map((each) => each.close()));
    }
  });

  it('hands a handler of lists the events of one page read as one list', async () => {
    const category = uniqueCategory();
    await store.appendToStream(`${category}-1`, [anEvent(0), anEvent(1)]);
    await store.appendToStream(`${category}-2`, [anEvent(2)]);
    const handler = listRecorder();
    const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
    try {
      await subscription.caughtUp;
      expect(handler.lists.map((list) => list.map((event) => (event.data as { n: number }).n))).toEqual([
        [0, 1, 2],
      ]);
    } finally {
      await subscription.stop();
    }
  });

  it('keeps its own values when another library rewrites the process-wide pg type parsers', async () => {
    const jsonb = 3802;
    const timestamptz = 1184;
    const original = { jsonb: types.getTypeParser(jsonb), timestamptz: types.getTypeParser(timestamptz) };
    types.setTypeParser(jsonb, () => 'rewritten');
    types.setTypeParser(timestamptz, () => 'rewritten');
    const reader = new PostgresEventStore(createPgSqlClient(database.url));
    try {
      const category = uniqueCategory();
      await store.appendToStream(`${category}-1`, [anEvent(7, { metadata: { accountId: 'acct_acme' } })]);
      const [event] = await reader.readStream(`${category}-1`);
      expect(event.data).toEqual({ n: 7 });
      expect(event.metadata).toEqual({ accountId: 'acct_acme' });
      expect(event.createdAt).toBeInstanceOf(Date);
    } finally {
      types.setTypeParser(jsonb, original.jsonb);
      types.setTypeParser(timestamptz, original.timestamptz);
      await reader.close();
    }
  });
});
