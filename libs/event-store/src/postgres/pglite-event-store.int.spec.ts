import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCheckpointedSubscription } from '../checkpoints/checkpointed-subscription';
import { anEvent, events, numbers, recorder, uniqueCategory, waitFor } from '../testing/contract-helpers';
import { describeEventStoreContract } from '../testing/event-store-contract';
import { inMemorySchemas } from '../testing/in-memory-schemas';
import { createPgliteSqlClient } from './pglite-sql-client';
import { PostgresEventStore, type PostgresEventStoreOptions } from './postgres-event-store';
import { SqlCheckpointStore } from './sql-checkpoint-store';
import type { SqlClient } from '../sql-client';

async function openStore(dataDir?: string, options?: PostgresEventStoreOptions) {
  const client = await createPgliteSqlClient(dataDir);
  const store = new PostgresEventStore(client, options);
  await store.init();
  return { client, store };
}

const memory = inMemorySchemas();

describeEventStoreContract(
  'PostgreSQL on PGlite (in memory)',
  async () => {
    const store = await memory.openStore();
    return { store, dispose: () => store.close() };
  },
  { uniqueEventIds: true },
);

// The same contract with a live subscription beside every one the contract starts, so that theirs
// read $all through the tail the store's subscriptions share.
describeEventStoreContract(
  'PostgreSQL on PGlite (in memory), subscriptions sharing the tail of $all',
  async () => {
    const store = await memory.openStore({ pageSize: 7, tailSize: 20 });
    store.subscribeToAll(recorder());
    return { store, dispose: () => store.close() };
  },
  { uniqueEventIds: true },
);

/** Counts the reads of $all's pages that reach the database. */
function countingAllReads(client: SqlClient): { client: SqlClient; reads: () => number } {
  let reads = 0;
  const counting: SqlClient = {
    query: (sql, params) => {
      if (sql.includes('all_fence()')) reads++;
      return client.query(sql, params);
    },
    exec: (sql) => client.exec(sql),
    transaction: (work) => client.transaction(work),
    session: (work) => client.session(work),
    close: () => client.close(),
  };
  return { client: counting, reads: () => reads };
}

describe('PostgresEventStore on PGlite', () => {
  it('reads $all once for all the live subscriptions an append wakes, each given its own streams', async () => {
    const { client, reads } = countingAllReads(memory.client());
    const store = await memory.openStore({ pollIntervalMs: 60_000 }, client);
    try {
      const categories = [uniqueCategory(), uniqueCategory(), uniqueCategory(), uniqueCategory()];
      const handlers = categories.map(() => recorder());
      const subscriptions = categories.map((category, index) =>
        store.subscribeToAll(handlers[index], { streamNamePrefixes: [`${category}-`] }),
      );
      await Promise.all(subscriptions.map((subscription) => subscription.caughtUp));
      const before = reads();

      for (const category of categories) await store.appendToStream(`${category}-1`, events(2));

      await waitFor(
        'every subscription',
        () => handlers.every((handler) => handler.events.length === 2),
        5_000,
      );
      for (const [index, handler] of handlers.entries()) {
        expect(handler.events.map((event) => event.streamName)).toEqual([
          `${categories[index]}-1`,
          `${categories[index]}-1`,
        ]);
      }
      // Four appends, each waking four subscriptions: one read per wake-up at most, not one each.
      expect(reads() - before).toBeLessThanOrEqual(categories.length);
    } finally {
      await store.close();
    }
  }, 30_000);

  it('lets a subscription far behind the tail catch up on its own reads, in order', async () => {
    const store = await memory.openStore({ pageSize: 5, tailSize: 10 });
    try {
      const category = uniqueCategory();
      const live = recorder();
      const following = store.subscribeToAll(live, { streamNamePrefixes: [`${category}-`] });
      store.subscribeToAll(recorder());
      await following.caughtUp;
      await store.appendToStream(`${category}-1`, events(40));
      await waitFor('the live subscription', () => live.events.length === 40, 5_000);

      const late = recorder();
      const catchingUp = store.subscribeToAll(late, { streamNamePrefixes: [`${category}-`] });
      await catchingUp.caughtUp;
      expect(numbers(late.events)).toEqual(numbers(live.events));
      expect(numbers(late.events)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    } finally {
      await store.close();
    }
  }, 30_000);

  it('wakes a live subscription at once on an append through the same store, without waiting to poll', async () => {
    const store = await memory.openStore({ pollIntervalMs: 60_000 });
    try {
      const category = uniqueCategory();
      const handler = recorder();
      const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
      await subscription.caughtUp;

      await store.appendToStream(`${category}-1`, events(1));

      await waitFor('the woken subscription', () => handler.events.length === 1, 2_000);
    } finally {
      await store.close();
    }
  }, 30_000);

  it('keeps a small buffer pool inside its WebAssembly memory', async () => {
    const { rows } = await memory.database().query<{ shared_buffers: string }>('show shared_buffers');
    expect(rows).toEqual([{ shared_buffers: '16MB' }]);
  }, 30_000);

  it('keeps separate schemas apart on one database', async () => {
    const client = memory.client();
    const [first, second] = [
      new PostgresEventStore(client, { schema: 'first_store' }),
      new PostgresEventStore(client, { schema: 'second_store' }),
    ];
    try {
      await first.init();
      await second.init();
      await first.appendToStream('thing-1', events(1));

      expect(await second.readStream('thing-1')).toEqual([]);
      await second.appendToStream('thing-1', events(1, 5), { expectedRevision: 'no_stream' });
      expect(numbers(await first.readStream('thing-1'))).toEqual([0]);
    } finally {
      await client.close();
    }
  }, 30_000);

  it('close() ends its subscriptions and the client', async () => {
    const { store } = await openStore();
    const subscription = store.subscribeToAll(recorder());
    await subscription.caughtUp;

    await store.close();

    await subscription.stop();
    await expect(store.readStream('thing-1')).rejects.toThrow('closed');
    expect(() => store.subscribeToAll(recorder())).toThrow('closed');
  }, 30_000);
});

describe('PostgresEventStore on a PGlite data folder', () => {
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'event-store-'));
  });

  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps events and checkpoints across close and reopen, in a folder it creates', async () => {
    const category = uniqueCategory();
    const handled = recorder();
    const folder = join(dataDir, 'not', 'yet', 'there');
    const first = await openStore(folder);
    const firstCheckpoints = new SqlCheckpointStore(first.client);
    await firstCheckpoints.init();
    await first.store.appendToStream(`${category}-1`, events(2));
    const run = await startCheckpointedSubscription({
      store: first.store,
      checkpoints: firstCheckpoints,
      name: 'projection',
      onEvent: handled.onEvent,
    });
    await run.caughtUp;
    await run.stop();
    const before = await first.store.readStream(`${category}-1`);
    await first.store.close();

    const second = await openStore(folder);
    try {
      const secondCheckpoints = new SqlCheckpointStore(second.client);
      await secondCheckpoints.init();
      expect(await second.store.readStream(`${category}-1`)).toEqual(before);
      expect(await secondCheckpoints.load('projection')).toEqual(before[1].position);

      const next = await second.store.appendToStream(`${category}-1`, [anEvent(2)], { expectedRevision: 1n });
      expect(next.nextExpectedRevision).toBe(2n);
      expect(numbers(await second.store.readAll())).toEqual([0, 1, 2]);
    } finally {
      await second.store.close();
    }
  }, 60_000);
});
