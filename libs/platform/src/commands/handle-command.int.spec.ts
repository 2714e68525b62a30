import { AppError } from '@shipping/contracts';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  type EventStore,
  PostgresEventStore,
  WrongExpectedVersionError,
  type SqlClient,
} from '@shipping/event-store';
import { type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { APPEND_BYTES, foldStream, handleCommand, type KnownState, type StateLoader } from './handle-command';

const backends = sqlBackends<SqlClient>('handle_command', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url, { max: 4 }),
});

type Event = { type: 'Counted'; data: { by: string } };
type Command = { type: 'Count'; by: string; limit: number };

const counter = {
  initialState: 0,
  evolve: (state: number, _event: Event) => state + 1,
  decide: (command: Command, state: number): Event[] => {
    if (state >= command.limit) throw new AppError('conflict', 'Limit reached.');
    return [{ type: 'Counted', data: { by: command.by } }];
  },
};

/** `by` counts once on `streamName`, refused once the stream holds `limit` counts. */
const count = (store: EventStore, streamName: string, by: string, limit: number) =>
  handleCommand({ store, streamName, command: { type: 'Count', by, limit }, decider: counter, metadata: {} });

// Each spec writes streams of its own, so one database serves every spec of a backend.
describe.each(backends)('the generic command handler on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let store: PostgresEventStore;

  beforeAll(async () => {
    db = await backend.open();
    store = new PostgresEventStore(db.client());
    await store.init();
  });

  afterAll(() => db.close());

  /** Each spec's writers of their own, whose pools end with the spec. */
  const writers: PostgresEventStore[] = [];
  afterEach(() => Promise.all(writers.splice(0).map((own) => own.close())));

  /** A writer as another instance of the app is one: on the server, a pool and store of its own. */
  const writer = async () => {
    if (!backend.concurrent) return store;
    const own = new PostgresEventStore(db.client());
    writers.push(own);
    await own.init();
    return own;
  };

  it('reads, folds, decides and appends with the metadata', async () => {
    const outcome = await handleCommand({
      store,
      streamName: 'counter-1',
      command: { type: 'Count', by: 'a', limit: 5 },
      decider: counter,
      metadata: { correlationId: 'c-1' },
    });
    expect(outcome.state).toBe(1);
    const [recorded] = await store.readStream('counter-1');
    expect(recorded).toMatchObject({
      type: 'Counted',
      data: { by: 'a' },
      metadata: { correlationId: 'c-1' },
      revision: 0n,
    });
  });

  it('decides again on fresh state when a concurrent writer won, so both writes land in order', async () => {
    const writers = await Promise.all(
      ['a', 'b', 'c', 'd'].map(async (by) => ({ by, store: await writer() })),
    );
    const results = await Promise.all(
      writers.map(({ by, store: own }) =>
        handleCommand({
          store: own,
          streamName: 'counter-2',
          command: { type: 'Count', by, limit: 10 },
          decider: counter,
          metadata: {},
          retries: 10,
        }),
      ),
    );
    expect(results.map((result) => result.state).sort()).toEqual([1, 2, 3, 4]);
    expect((await store.readStream('counter-2')).map((event) => event.revision)).toEqual([0n, 1n, 2n, 3n]);
  });

  it('keeps a limit under racing writers: each write decided on the state it lands on', async () => {
    const writers = await Promise.all(Array.from({ length: 8 }, () => writer()));
    const outcomes = await Promise.allSettled(
      writers.map((own, index) =>
        handleCommand({
          store: own,
          streamName: 'counter-4',
          command: { type: 'Count', by: `w${index}`, limit: 5 },
          decider: counter,
          metadata: {},
          retries: 20,
        }),
      ),
    );
    const refusals = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason] : []));
    expect(refusals).toHaveLength(3);
    for (const refusal of refusals) expect(refusal).toMatchObject({ code: 'conflict' });
    expect(await store.readStream('counter-4')).toHaveLength(5);
  });

  it('surfaces a conflict once its retries are spent', async () => {
    const [first, second] = await Promise.all([writer(), writer()]);
    await count(first, 'counter-5', 'a', 10);
    const stale = await foldStream(second, 'counter-5', counter);
    await count(first, 'counter-5', 'b', 10);
    await expect(
      handleCommand({
        store: second,
        streamName: 'counter-5',
        command: { type: 'Count', by: 'c', limit: 10 },
        decider: counter,
        metadata: {},
        retries: 0,
        known: stale,
      }),
    ).rejects.toBeInstanceOf(WrongExpectedVersionError);
  });

  it('lets a domain rejection through and writes nothing', async () => {
    await count(store, 'counter-3', 'a', 1);
    await expect(count(store, 'counter-3', 'b', 1)).rejects.toThrow('Limit reached.');
    expect(await store.readStream('counter-3')).toHaveLength(1);
  });
});

/** One in-memory store for the PGlite-only specs below, each on streams of its own. */
let store: PostgresEventStore;

beforeAll(async () => {
  store = new PostgresEventStore(await createPgliteSqlClient());
  await store.init();
});

afterAll(() => store.close());

describe('the command handler with a state its caller already holds', () => {
  it('decides on the known state without reading, and on the stream when another writer got in between', async () => {
    const first = await count(store, 'counter-9', 'a', 10);
    await count(store, 'counter-9', 'other', 10);
    // The caller still believes the stream is at its own first write.
    const stale = { state: first.state, revision: first.nextExpectedRevision };
    const outcome = await handleCommand({
      store,
      streamName: 'counter-9',
      command: { type: 'Count', by: 'b', limit: 10 },
      decider: counter,
      metadata: {},
      known: stale,
    });
    expect(outcome.state).toBe(3);
    expect((await store.readStream('counter-9')).map((event) => (event.data as { by: string }).by)).toEqual([
      'a',
      'other',
      'b',
    ]);
  });
});

describe('a pluggable state loader', () => {
  /**
   * Reads only the stream's last revision, as an index would, and answers a state no fold gives
   * (100 more than the count), so a spec sees which state a decision and the fold cache hold.
   */
  function lastRevisionLoader(beforeAppend: () => Promise<void> = async () => undefined) {
    const loads: KnownState<number>[] = [];
    const appended: { before: KnownState<number>; events: Event[]; after: KnownState<number> }[] = [];
    const loader: StateLoader<Command, Event, number> = {
      async load(streamName) {
        const [last] = await store.readStream(streamName, { direction: 'backwards', maxCount: 1 });
        const known = { state: 100 + Number(last ? last.revision + 1n : 0n), revision: last?.revision };
        loads.push(known);
        await beforeAppend();
        return known;
      },
      async appended(_streamName, before, events, after) {
        appended.push({ before, events, after });
      },
    };
    return { loader, loads, appended };
  }

  it('decides on what the loader loads, tells it what was appended, and leaves the fold cache alone', async () => {
    await store.appendToStream('loaded-1', [{ type: 'Counted', data: { by: 'before' } }]);
    const { loader, loads, appended } = lastRevisionLoader();
    const outcome = await handleCommand({
      store,
      streamName: 'loaded-1',
      command: { type: 'Count', by: 'a', limit: 1_000 },
      decider: counter,
      metadata: {},
      loader,
    });

    expect(loads).toEqual([{ state: 101, revision: 0n }]);
    expect(outcome).toEqual({
      events: [{ type: 'Counted', data: { by: 'a' } }],
      state: 102,
      nextExpectedRevision: 1n,
    });
    expect(appended).toEqual([
      {
        before: { state: 101, revision: 0n },
        events: [{ type: 'Counted', data: { by: 'a' } }],
        after: { state: 102, revision: 1n },
      },
    ]);
    expect(await foldStream(store, 'loaded-1', counter)).toEqual({ state: 2, revision: 1n });
  });

  it('loads again when a concurrent writer won, and refuses on what it loads', async () => {
    let raced = false;
    const { loader, loads } = lastRevisionLoader(async () => {
      if (raced) return;
      raced = true;
      await store.appendToStream('loaded-2', [{ type: 'Counted', data: { by: 'other' } }]);
    });
    const outcome = await handleCommand({
      store,
      streamName: 'loaded-2',
      command: { type: 'Count', by: 'a', limit: 1_000 },
      decider: counter,
      metadata: {},
      loader,
    });

    expect(loads).toEqual([
      { state: 100, revision: undefined },
      { state: 101, revision: 0n },
    ]);
    expect(outcome.nextExpectedRevision).toBe(1n);
    await expect(
      handleCommand({
        store,
        streamName: 'loaded-2',
        command: { type: 'Count', by: 'b', limit: 102 },
        decider: counter,
        metadata: {},
        loader,
      }),
    ).rejects.toThrow('Limit reached.');
  });
});

describe('folding a stream', () => {
  afterEach(() => jest.restoreAllMocks());

  it('keeps the state of a stream it wrote and reads only the events appended since, by any writer', async () => {
    for (const by of ['a', 'b', 'c']) await count(store, 'counter-20', by, 10);
    await store.appendToStream('counter-20', [{ type: 'Counted', data: { by: 'elsewhere' } }]);
    const reads = jest.spyOn(store, 'readStream');

    expect(await foldStream(store, 'counter-20', counter)).toEqual({ state: 4, revision: 3n });
    expect(await foldStream(store, 'counter-20', counter)).toEqual({ state: 4, revision: 3n });
    const outcome = await count(store, 'counter-20', 'd', 10);

    expect(outcome.state).toBe(5);
    expect(reads.mock.calls.map(([, options]) => options)).toEqual([
      { fromRevision: 3n },
      { fromRevision: 4n },
      { fromRevision: 4n },
    ]);
  });

  it('folds the whole stream for a decider or a store that has not seen it', async () => {
    await count(store, 'counter-21', 'a', 10);
    const otherDecider = { ...counter, evolve: (state: number) => state + 10 };
    expect(await foldStream(store, 'counter-21', otherDecider)).toEqual({ state: 10, revision: 0n });
    expect(await foldStream(store, 'counter-22', counter)).toEqual({ state: 0, revision: undefined });
  });
});

describe('a decision larger than one append', () => {
  type Chunk = { type: 'Chunked'; data: { n: number; pad: string } };
  /** Decides the chunks numbered from the stream's length to `upTo`, about 100 KB each. */
  const chunker = {
    initialState: 0,
    evolve: (state: number, _event: Chunk) => state + 1,
    decide: (command: { upTo: number }, state: number): Chunk[] =>
      Array.from({ length: Math.max(0, command.upTo - state) }, (_, offset) => ({
        type: 'Chunked' as const,
        data: { n: state + offset, pad: 'x'.repeat(100_000) },
      })),
  };
  const chunk = (on: EventStore, streamName: string, options: { inParts?: boolean }) =>
    handleCommand({
      store: on,
      streamName,
      command: { upTo: 20 },
      decider: chunker,
      metadata: {},
      ...options,
    });

  afterEach(() => jest.restoreAllMocks());

  it('is appended in parts of at most APPEND_BYTES, each expecting the revision the one before left', async () => {
    const appends = jest.spyOn(store, 'appendToStream');
    const outcome = await handleCommand({
      store,
      streamName: 'chunks-1',
      command: { upTo: 20 },
      decider: chunker,
      metadata: { correlationId: 'c' },
      inParts: true,
    });

    expect(outcome).toMatchObject({ state: 20, nextExpectedRevision: 19n });
    const parts = appends.mock.calls.map(([, events, options]) => ({
      events,
      expected: options?.expectedRevision,
    }));
    expect(parts.length).toBeGreaterThan(2);
    for (const { events } of parts)
      expect(Buffer.byteLength(JSON.stringify(events.map((event) => event.data)))).toBeLessThanOrEqual(
        APPEND_BYTES,
      );
    let revision: bigint | 'no_stream' = 'no_stream';
    for (const part of parts) {
      expect(part.expected).toBe(revision);
      revision = (revision === 'no_stream' ? -1n : revision) + BigInt(part.events.length);
    }
    expect((await store.readStream('chunks-1')).map((event) => (event.data as Chunk['data']).n)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
  });

  it('leaves the parts written when one fails, and the same command decided again writes the rest', async () => {
    const append = store.appendToStream.bind(store);
    let calls = 0;
    jest.spyOn(store, 'appendToStream').mockImplementation((...args) => {
      calls += 1;
      if (calls === 2) return Promise.reject(new Error('the process died'));
      return append(...args);
    });
    await expect(chunk(store, 'chunks-2', { inParts: true })).rejects.toThrow('the process died');
    const cutShort = (await store.readStream('chunks-2')).length;
    expect(cutShort).toBeGreaterThan(0);
    expect(cutShort).toBeLessThan(20);

    await chunk(store, 'chunks-2', { inParts: true });
    expect((await store.readStream('chunks-2')).map((event) => (event.data as Chunk['data']).n)).toEqual(
      Array.from({ length: 20 }, (_, n) => n),
    );
  });

  it('is one append without inParts, however large', async () => {
    const appends = jest.spyOn(store, 'appendToStream');
    await chunk(store, 'chunks-3', {});
    expect(appends).toHaveBeenCalledTimes(1);
  });
});
