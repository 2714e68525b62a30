import type { Logger } from '@nestjs/common';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  eventStoreTables,
  PostgresEventStore,
  type RecordedEvent,
  type SqlClient,
  type Subscription,
} from '@shipping/event-store';
import { eventually as eventuallyWithin, type OpenSqlBackend, sqlBackends } from '@shipping/testing';
import { ParkedEvents } from './parked-events';
import { startStoredSubscription, type StoredSubscriptionOptions } from './stored-subscription';

/** A logger that keeps what it was told, to read the parked count from its lines. */
const recordingLogger = () => {
  const lines: string[] = [];
  const keep = (_: unknown, message?: unknown) => void lines.push(String(message ?? _));
  return { lines, logger: { log: keep, warn: keep, error: keep } as unknown as Logger };
};

const backends = sqlBackends<SqlClient>('stored_subscription', {
  pglite: () => createPgliteSqlClient(),
  server: (url) => createPgSqlClient(url),
});

/**
 * On a PostgreSQL server shared with other specs, another spec's transaction held open (an append
 * held past a request's deadline) holds back every database's $all for as long: a subscription's
 * next event can wait that long, so conditions get a minute, not ten seconds.
 */
const eventually = <T>(check: () => Promise<T | undefined>) => eventuallyWithin(check, 60_000);
jest.setTimeout(90_000);

describe.each(backends)('stored subscription on $name', (backend) => {
  let db: OpenSqlBackend<SqlClient>;
  let sql: SqlClient;
  let store: PostgresEventStore;
  const subscriptions: Subscription[] = [];
  /** One database for every spec: each spec its own subscription name and streams. */
  let specs = 0;
  let things: string;
  let thingStreams: string;

  beforeAll(async () => {
    db = await backend.open();
    sql = db.client();
    store = new PostgresEventStore(sql, { pollIntervalMs: 10 });
    await store.init();
  });

  beforeEach(() => {
    specs += 1;
    things = `things-${specs}`;
    thingStreams = `thing${specs}-`;
  });

  afterEach(async () => {
    await Promise.all(subscriptions.splice(0).map((subscription) => subscription.stop()));
  });

  afterAll(() => db.close());

  const n = (event: RecordedEvent) => (event.data as { n: number }).n;
  /** Appends to this spec's thing `id`. */
  const append = (id: string, ...numbers: number[]) =>
    store.appendToStream(
      `${thingStreams}${id}`,
      numbers.map((number) => ({ type: 'Happened', data: { n: number } })),
    );
  const subscribe = async (
    on: SqlClient,
    options: Partial<StoredSubscriptionOptions> & Pick<StoredSubscriptionOptions, 'onEvent'>,
  ) => {
    const subscription = await startStoredSubscription(
      on,
      on === sql ? store : new PostgresEventStore(on, { pollIntervalMs: 10 }),
      {
        name: things,
        streamNamePrefixes: [thingStreams],
        retryDelayMs: 10,
        parkedRetryPollMs: 20,
        logger: recordingLogger().logger,
        ...options,
      } as StoredSubscriptionOptions,
    );
    subscriptions.push(subscription);
    return subscription;
  };

  it('starts again from its checkpoint after a handler failed, until the event goes through', async () => {
    await append('1', 1, 2, 3);
    let failures = 2;
    const handled: number[] = [];
    await subscribe(sql, {
      onEvent: async (event) => {
        if (n(event) === 2 && failures-- > 0) throw new Error('the other app is not answering');
        handled.push(n(event));
      },
    });
    await eventually(async () => (handled.length === 3 ? true : undefined));
    expect(handled).toEqual([1, 2, 3]);
    expect(failures).toBe(-1);
    expect(await new ParkedEvents(sql).count(things)).toBe(0);
  });

  it('keeps starting again when a start after a failure fails too (the store still not answering)', async () => {
    await append('1', 1, 2);
    let checkpointReadsRefused = 0;
    const flaky: SqlClient = Object.assign(Object.create(sql) as SqlClient, {
      query: (text: string, params?: unknown[]) => {
        if (checkpointReadsRefused > 0 && /from \S*checkpoints where subscription_name/.test(text)) {
          checkpointReadsRefused -= 1;
          return Promise.reject(new Error('terminating connection due to administrator command'));
        }
        return sql.query(text, params);
      },
    });
    let failures = 1;
    const handled: number[] = [];
    await subscribe(flaky, {
      onEvent: async (event) => {
        if (n(event) === 2 && failures-- > 0) {
          checkpointReadsRefused = 2;
          throw new Error('terminating connection due to administrator command');
        }
        handled.push(n(event));
      },
    });
    await append('1', 3);

    await eventually(async () => (handled.includes(3) ? true : undefined));
    expect(handled).toEqual([1, 2, 3]);
    expect(checkpointReadsRefused).toBe(0);
  });

  it('parks an event after its attempts, handles other streams, parks the rest of its stream behind it', async () => {
    await append('a', 1, 2, 3);
    await append('b', 10, 11);
    let attempts = 0;
    const handled: number[] = [];
    const { lines, logger } = recordingLogger();
    await subscribe(sql, {
      maxAttempts: 3,
      logger,
      onEvent: async (event) => {
        if (n(event) === 2) {
          attempts += 1;
          throw new Error('cannot handle 2');
        }
        handled.push(n(event));
      },
    });
    await append('a', 4);
    await append('b', 12);
    await eventually(async () => (handled.includes(12) ? true : undefined));
    const parked = new ParkedEvents(sql);
    await eventually(async () => ((await parked.count(things)) === 3 ? true : undefined));

    expect(attempts).toBe(3);
    expect(handled).toEqual([1, 10, 11, 12]);
    const rows = await parked.list(things);
    expect(rows.map((row) => n(row.event))).toEqual([2, 3, 4]);
    expect(rows[0]).toMatchObject({ error: 'cannot handle 2', attempts: 3, behind: undefined });
    expect(rows[1].behind).toBe(rows[0].event.id);
    expect(lines.some((line) => /parked event .* after 3 attempts; 1 events parked/.test(line))).toBe(true);
  });

  it('hands the parked events over again in order once retried, then carries on with the stream', async () => {
    await append('a', 1, 2, 3);
    let fixed = false;
    const handled: number[] = [];
    await subscribe(sql, {
      maxAttempts: 2,
      onEvent: async (event) => {
        if (n(event) === 2 && !fixed) throw new Error('cannot handle 2 yet');
        handled.push(n(event));
      },
    });
    const parked = new ParkedEvents(sql);
    await eventually(async () => ((await parked.count(things)) === 2 ? true : undefined));

    fixed = true;
    expect(await parked.requestRetry({ subscription: things })).toBe(2);
    await eventually(async () => ((await parked.count(things)) === 0 ? true : undefined));
    await append('a', 4);
    await eventually(async () => (handled.includes(4) ? true : undefined));
    expect(handled).toEqual([1, 2, 3, 4]);
  });

  it('keeps a retried event parked, with its stream, when it fails again', async () => {
    await append('a', 1, 2, 3);
    await subscribe(sql, {
      maxAttempts: 1,
      onEvent: async (event) => {
        if (n(event) === 2) throw new Error('still broken');
      },
    });
    const parked = new ParkedEvents(sql);
    await eventually(async () => ((await parked.count(things)) === 2 ? true : undefined));
    await parked.requestRetry({ subscription: things });
    await eventually(async () =>
      (await parked.list(things)).every((row) => !row.retryRequested) &&
      (await parked.list(things))[0].attempts === 2
        ? true
        : undefined,
    );
    expect((await parked.list(things)).map((row) => n(row.event))).toEqual([2, 3]);
  });

  it('parks one event of a page handed over at once, not the page', async () => {
    await append('a', 1, 2, 3);
    await append('b', 10);
    const handled: number[] = [];
    const subscription = await startStoredSubscription(sql, store, {
      name: `pages-${specs}`,
      streamNamePrefixes: [thingStreams],
      retryDelayMs: 10,
      maxAttempts: 2,
      logger: recordingLogger().logger,
      onEvents: async (events) => {
        if (events.some((event) => n(event) === 2)) throw new Error('cannot handle 2');
        handled.push(...events.map(n));
      },
    });
    subscriptions.push(subscription);
    await eventually(async () => (handled.includes(10) ? true : undefined));
    // At-least-once: 1 may come twice, with the page that failed.
    expect([...new Set(handled)].sort((a, b) => a - b)).toEqual([1, 10]);
    expect((await new ParkedEvents(sql).list(`pages-${specs}`)).map((row) => n(row.event))).toEqual([2, 3]);
  });

  it('an instance starting from an older checkpoint handles the events before a parked one, in order', async () => {
    await append('a', 1, 2, 3);
    const first = await subscribe(sql, {
      maxAttempts: 1,
      onEvent: async (event) => {
        if (n(event) === 2) throw new Error('cannot handle 2 yet');
      },
    });
    await first.caughtUp;
    await first.stop();
    // The second instance starts where no checkpoint was written yet, with 2 and 3 parked.
    await sql.query(`delete from ${eventStoreTables().checkpoints} where subscription_name = $1`, [things]);
    const handled: number[] = [];
    let fixed = false;
    const second = await subscribe(sql, {
      maxAttempts: 1,
      onEvent: async (event) => {
        if (n(event) === 2 && !fixed) throw new Error('cannot handle 2 yet');
        handled.push(n(event));
      },
    });
    await second.caughtUp;
    const parked = new ParkedEvents(sql);
    expect(handled).toEqual([1]);
    expect((await parked.list(things)).map((row) => n(row.event))).toEqual([2, 3]);
    fixed = true;
    await parked.requestRetry({ subscription: things });
    await eventually(async () => ((await parked.count(things)) === 0 ? true : undefined));
    expect(handled).toEqual([1, 2, 3]);
  });

  if (backend.concurrent)
    it('two instances of one subscription retry each parked event once between them', async () => {
      await append('a', 1, 2, 3, 4, 5);
      let fixed = false;
      const retried: number[] = [];
      const handler = async (event: RecordedEvent) => {
        if (n(event) === 2 && !fixed) throw new Error('cannot handle 2 yet');
        if (fixed) retried.push(n(event));
      };
      const instances = await Promise.all([
        subscribe(db.client(), { maxAttempts: 1, onEvent: handler }),
        subscribe(db.client(), { maxAttempts: 1, onEvent: handler }),
      ]);
      // Both instances past event 5 before the fix: one still behind would hand 1 or 2 over as new.
      await Promise.all(instances.map((instance) => instance.caughtUp));
      const parked = new ParkedEvents(sql);
      expect(await parked.count(things)).toBe(4);
      fixed = true;
      await parked.requestRetry({ subscription: things });
      await eventually(async () => ((await parked.count(things)) === 0 ? true : undefined));
      expect(retried).toEqual([2, 3, 4, 5]);
    });
});
