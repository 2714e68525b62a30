import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { startTestEventStoreDbServer } from '@shipping/testing';
import { InMemoryCheckpointStore } from '../checkpoints/checkpoint-store';
import { startCheckpointedSubscription } from '../checkpoints/checkpointed-subscription';
import { AppendSizeExceededError, StreamDeletedError, WrongExpectedVersionError } from '../event-store';
import {
  anEvent,
  events,
  numbers,
  recorder,
  sleep,
  uniqueCategory,
  waitFor,
} from '../testing/contract-helpers';
import { describeEventStoreContract } from '../testing/event-store-contract';
import { maxQueued } from './catch-up-subscription';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

interface Target {
  connectionString: string;
  stop(): Promise<void>;
}

const realServer = process.env['ESDB_URL'];
const targetName = realServer ? `EventStoreDB at ${realServer}` : 'the EventStoreDB test server over gRPC';

/** A real EventStoreDB when ESDB_URL is set (docker-compose); otherwise the in-process test server. */
async function startTarget(): Promise<Target> {
  if (realServer) return { connectionString: realServer, stop: async () => undefined };
  const server = await startTestEventStoreDbServer();
  return { connectionString: server.connectionString, stop: server.stop };
}

describeEventStoreContract(targetName, async () => {
  const target = await startTarget();
  const store = new EventStoreDbEventStore(target.connectionString);
  return {
    store,
    dispose: async () => {
      await store.close();
      await target.stop();
    },
  };
});

describe(`EventStoreDbEventStore on ${targetName}`, () => {
  let target: Target;
  let store: EventStoreDbEventStore;

  beforeAll(async () => {
    target = await startTarget();
    store = new EventStoreDbEventStore(target.connectionString);
  }, 30_000);

  afterAll(async () => {
    await store?.close();
    await target?.stop();
  });

  it('reports a conflict as the port error, with revisions as bigint and no vendor type', async () => {
    const stream = `${uniqueCategory()}-1`;
    await store.appendToStream(stream, events(3));

    const conflict = await store
      .appendToStream(stream, events(1), { expectedRevision: 0n })
      .catch((error: unknown) => error);

    expect(conflict).toBeInstanceOf(WrongExpectedVersionError);
    expect(Object.getPrototypeOf(conflict)).toBe(WrongExpectedVersionError.prototype);
    expect(conflict).toMatchObject({ streamName: stream, expected: 0n, actual: 2n });
  });

  it('keeps system streams out of $all reads and subscriptions, without counting them towards maxCount', async () => {
    const category = uniqueCategory();
    const marker = await store.appendToStream(`${category}-1`, [anEvent(0)]);
    await store.appendToStream(`$${category}-internal`, [anEvent(99)]);
    await store.appendToStream(`${category}-1`, [anEvent(1)]);

    expect(numbers(await store.readAll({ after: marker.position, maxCount: 1 }))).toEqual([1]);
    const handler = recorder();
    const subscription = store.subscribeToAll(handler, { after: marker.position });
    try {
      await subscription.caughtUp;
      expect(handler.events.map((event) => event.streamName)).toEqual([`${category}-1`]);
    } finally {
      await subscription.stop();
    }
  });

  it('reads events written by other producers (plain metadata) as version 1 with that metadata', async () => {
    const stream = `${uniqueCategory()}-1`;
    const client = EventStoreDBClient.connectionString(target.connectionString);
    try {
      await client.appendToStream(
        stream,
        jsonEvent({ type: 'Imported', data: { n: 7 }, metadata: { source: 'legacy' } }),
      );
    } finally {
      await client.dispose();
    }

    const [event] = await store.readStream(stream);
    expect(event).toMatchObject({
      type: 'Imported',
      version: 1,
      data: { n: 7 },
      metadata: { source: 'legacy' },
    });
  });

  // The first event holds the handler while the adapter's queue fills and it pauses the client's
  // stream; the few events left over wait in the stream's buffer when `caught_up` is parsed (a
  // Node stream buffers 16 objects), and must still be handled before caughtUp resolves.
  it('resolves caughtUp only after a slow handler took every stored event, then delivers live ones', async () => {
    const category = uniqueCategory();
    const stored = maxQueued + 10;
    await store.appendToStream(`${category}-1`, events(stored));
    const handler = recorder((_, index) => (index === 0 ? sleep(500) : undefined));

    const subscription = store.subscribeToAll(handler, { streamNamePrefixes: [`${category}-`] });
    try {
      await subscription.caughtUp;
      expect(numbers(handler.events)).toEqual(Array.from({ length: stored }, (_, n) => n));

      await store.appendToStream(`${category}-2`, [anEvent(stored)]);
      await waitFor('the live event', () => handler.events.length === stored + 1);
    } finally {
      await subscription.stop();
    }
  }, 30_000);

  it('resumes a checkpointed subscription after the process restarts, from the stored position', async () => {
    const category = uniqueCategory();
    const checkpoints = new InMemoryCheckpointStore();
    const start = (running: EventStoreDbEventStore, handler: ReturnType<typeof recorder>) =>
      startCheckpointedSubscription({
        store: running,
        checkpoints,
        name: `projection-${category}`,
        streamNamePrefixes: [`${category}-`],
        onEvent: handler.onEvent,
        onError: handler.onError,
      });
    const before = new EventStoreDbEventStore(target.connectionString);
    await before.appendToStream(`${category}-1`, events(3));
    const first = recorder();
    const firstRun = await start(before, first);
    await firstRun.caughtUp;
    await before.close();
    expect(numbers(first.events)).toEqual([0, 1, 2]);
    expect(await checkpoints.load(`projection-${category}`)).toEqual(first.events[2].position);

    await store.appendToStream(`${category}-2`, events(2, 3));
    const after = new EventStoreDbEventStore(target.connectionString);
    try {
      const second = recorder();
      const secondRun = await start(after, second);
      await secondRun.caughtUp;
      expect(numbers(second.events)).toEqual([3, 4]);
      await secondRun.stop();
    } finally {
      await after.close();
    }
  }, 30_000);

  describe('deleted streams', () => {
    let client: EventStoreDBClient;

    beforeAll(() => {
      client = EventStoreDBClient.connectionString(target.connectionString);
    });

    afterAll(() => client?.dispose());

    it('reads a soft-deleted stream as no events, and writes it again after its last revision', async () => {
      const stream = `${uniqueCategory()}-1`;
      await store.appendToStream(stream, events(3));
      await client.deleteStream(stream);

      expect(await store.readStream(stream)).toEqual([]);
      const again = await store.appendToStream(stream, events(1, 3), { expectedRevision: 'no_stream' });
      expect(again.nextExpectedRevision).toBe(3n);
      expect((await store.readStream(stream)).map((event) => event.revision)).toEqual([3n]);
    });

    it('fails reads and appends of a tombstoned stream with the port error, no vendor type', async () => {
      const stream = `${uniqueCategory()}-1`;
      await store.appendToStream(stream, events(1));
      await client.tombstoneStream(stream);

      const read = await store.readStream(stream).catch((error: unknown) => error);
      const append = await store.appendToStream(stream, events(1)).catch((error: unknown) => error);
      for (const failure of [read, append]) {
        expect(Object.getPrototypeOf(failure)).toBe(StreamDeletedError.prototype);
        expect(failure).toMatchObject({ streamName: stream });
      }
    });
  });

  it('refuses an append over the server MaxAppendSize with the port error, writing nothing', async () => {
    const stream = `${uniqueCategory()}-1`;
    const big = { type: 'Big', data: { pad: 'x'.repeat(600_000) } };

    const refused = await store.appendToStream(stream, [big, big]).catch((error: unknown) => error);

    expect(Object.getPrototypeOf(refused)).toBe(AppendSizeExceededError.prototype);
    expect(refused).toMatchObject({ streamName: stream, maxAppendSize: 1_048_576 });
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('refuses every call once closed', async () => {
    const closing = new EventStoreDbEventStore(target.connectionString);
    await closing.close();
    await expect(closing.readStream('thing-1')).rejects.toThrow('closed');
    expect(() => closing.subscribeToAll(recorder())).toThrow('closed');
  });
});
