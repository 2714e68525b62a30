import { Logger } from '@nestjs/common';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import { PostgresEventStore, type SqlClient, type Subscription, Upcasters } from '@shipping/event-store';
import {
  createTestDatabase,
  eventually,
  startTestBroker,
  type TestBroker,
  type TestDatabase,
} from '@shipping/testing';
import { Kafka, logLevel } from 'kafkajs';
import { publicTopic } from '../public-events/published-categories';
import { PICKUPS } from '../public-events/published-category.fixture';
import { ParkedEvents } from '../subscriptions/parked-events';
import {
  type EventSubscriber,
  type Recorded,
  startSubscriber,
  Subscribes,
} from '../subscriptions/event-subscriber';
import type { EventSubscribersHost } from '../subscriptions/event-subscribers-host';
import { KafkaEventFeed } from './kafka-event-feed';
import { StoreRelays } from './store-relays';

type Happened = { type: 'Happened'; data: { n: number } };
const isHappened = (event: { type: string }): event is Happened => event.type === 'Happened';

interface Seen {
  instance: string;
  stream: string;
  revision: number;
}

@Subscribes({ name: 'spec.counter', streamPrefixes: ['thing-'], accepts: isHappened })
class Counter implements EventSubscriber<Happened> {
  constructor(
    private readonly instance: string,
    private readonly seen: Seen[],
    private readonly refuses: (event: Recorded<Happened>) => boolean = () => false,
  ) {}

  async handle(event: Recorded<Happened>): Promise<void> {
    if (this.refuses(event)) throw new Error(`event ${event.data.n} cannot be handled`);
    this.seen.push({ instance: this.instance, stream: event.streamName, revision: Number(event.revision) });
  }
}

const STREAMS = 30;
const PER_STREAM = 4;
const pickups = [PICKUPS];

/**
 * Two instances of one app over one PostgreSQL database and one broker: each with its own pool,
 * store, relays (which only the elected leader runs) and a consumer of the app's stored events.
 */
describe('the partitioned feed: a leader relays stored events, consumer groups share them', () => {
  let broker: TestBroker;
  let database: TestDatabase;
  let writer: PostgresEventStore;
  /** Each spec its own app, so topics and consumer groups start empty. */
  let app: string;
  let specs = 0;
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    Logger.overrideLogger(['error']);
    broker = await startTestBroker();
  }, 120_000);

  beforeEach(async () => {
    specs += 1;
    app = `spec${specs}`;
    database = await createTestDatabase('partitioned_feed');
    writer = new PostgresEventStore(createPgSqlClient(database.url, { max: 4 }), { pollIntervalMs: 20 });
    await writer.init();
  });

  afterEach(async () => {
    for (const close of closing.splice(0).reverse()) await close();
    await writer.close();
    await database.drop();
  }, 60_000);

  afterAll(async () => {
    await broker?.stop();
  }, 60_000);

  async function instance(name: string, seen: Seen[], refuses?: (event: Recorded<Happened>) => boolean) {
    const sql: SqlClient = createPgSqlClient(database.url, { max: 4 });
    const store = new PostgresEventStore(sql, { pollIntervalMs: 20 });
    await store.init();
    const options = { app, kafka: { brokers: broker.brokers }, partitions: 4 };
    const host = { streamPrefixes: () => ['thing-'] } as unknown as EventSubscribersHost;
    const relays = new StoreRelays({ ...options, categories: pickups }, sql, store, host);
    relays.onApplicationBootstrap();
    const feed = new KafkaEventFeed(sql, new Upcasters(), options, {
      retryDelayMs: 20,
      maxRetryDelayMs: 50,
      maxAttempts: 3,
    });
    const subscription: Subscription = await startSubscriber(feed, new Counter(name, seen, refuses));
    let stopped = false;
    const stop = async () => {
      if (stopped) return;
      stopped = true;
      await subscription.stop();
      await relays.onModuleDestroy();
      await store.close();
    };
    closing.push(stop);
    return { relays, subscription, sql, stop };
  }

  async function appendAll(from = 0, count = PER_STREAM): Promise<void> {
    for (let n = from; n < from + count; n++)
      await Promise.all(
        Array.from({ length: STREAMS }, (_, stream) =>
          writer.appendToStream(`thing-${stream}`, [{ type: 'Happened', data: { n } }]),
        ),
      );
  }

  const inStreamOrder = (seen: Seen[]) => {
    const last = new Map<string, number>();
    for (const { stream, revision } of seen) {
      expect(revision).toBeGreaterThan(last.get(stream) ?? -1);
      last.set(stream, revision);
    }
  };

  it('hands each event to one instance, each stream in order, and both instances share the work', async () => {
    const seen: Seen[] = [];
    const a = await instance('a', seen);
    const b = await instance('b', seen);
    await appendAll();

    await eventually(async () => (seen.length >= STREAMS * PER_STREAM ? true : undefined), 60_000);
    expect([a.relays.leads, b.relays.leads].filter(Boolean)).toHaveLength(1);
    const distinct = new Set(seen.map((each) => `${each.stream}:${each.revision}`));
    expect(distinct.size).toBe(STREAMS * PER_STREAM);
    expect(seen).toHaveLength(STREAMS * PER_STREAM);
    for (const name of ['a', 'b']) {
      const mine = seen.filter((each) => each.instance === name);
      expect(mine.length).toBeGreaterThan(0);
      inStreamOrder(mine);
    }
    const owners = new Map<string, Set<string>>();
    for (const { stream, instance: name } of seen)
      owners.set(stream, (owners.get(stream) ?? new Set()).add(name));
    expect([...owners.values()].every((names) => names.size === 1)).toBe(true);
  }, 120_000);

  it('goes on when the leader dies: the other instance relays from the checkpoint, and nothing is lost', async () => {
    const seen: Seen[] = [];
    const a = await instance('a', seen);
    const b = await instance('b', seen);
    await appendAll(0, 2);
    await eventually(async () => (seen.length >= STREAMS * 2 ? true : undefined), 60_000);
    const [leader, other] = a.relays.leads ? [a, b] : [b, a];
    await leader.stop();
    await appendAll(2, 2);

    await eventually(async () => {
      const distinct = new Set(seen.map((each) => `${each.stream}:${each.revision}`));
      return distinct.size >= STREAMS * PER_STREAM ? true : undefined;
    }, 60_000);
    expect(other.relays.leads).toBe(true);
    inStreamOrder(seen.filter((each) => each.instance === (other === a ? 'a' : 'b')));
  }, 120_000);

  it('parks an event its handler keeps failing on, with the later events of its stream, and goes on with the others', async () => {
    const seen: Seen[] = [];
    const poisoned = (event: Recorded<Happened>) => event.streamName === 'thing-7' && event.data.n === 1;
    const a = await instance('a', seen, poisoned);
    await appendAll();

    await eventually(async () => (seen.length >= (STREAMS - 1) * PER_STREAM + 1 ? true : undefined), 60_000);
    const parked = await eventually(async () => {
      const events = await new ParkedEvents(a.sql).list('spec.counter');
      return events.length === PER_STREAM - 1 ? events : undefined;
    }, 60_000);
    expect(parked.map((each) => Number(each.event.revision))).toEqual([1, 2, 3]);
    expect(seen.filter((each) => each.stream === 'thing-7').map((each) => each.revision)).toEqual([0]);
  }, 120_000);

  it('publishes each public event once, however many instances run', async () => {
    const seen: Seen[] = [];
    await instance('a', seen);
    await instance('b', seen);
    const pickupsWritten = 12;
    for (let n = 0; n < pickupsWritten; n++)
      await writer.appendToStream(`pickup-${n}`, [
        { type: 'PickupOrderScheduled', version: 2, data: { pickup_id: n, account_id: 'acct_spec' } },
      ]);

    const kafka = new Kafka({ clientId: 'spec-reader', brokers: broker.brokers, logLevel: logLevel.NOTHING });
    const consumer = kafka.consumer({ groupId: `spec-reader-${Date.now()}` });
    const ids: string[] = [];
    await consumer.connect();
    closing.push(() => consumer.disconnect());
    await eventually(async () => {
      const admin = kafka.admin();
      await admin.connect();
      const topics = await admin.listTopics().finally(() => admin.disconnect());
      return topics.includes(publicTopic(pickups[0])) ? true : undefined;
    }, 60_000);
    await consumer.subscribe({ topic: publicTopic(pickups[0]), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        ids.push((JSON.parse(message.value?.toString() ?? '{}') as { id: string }).id);
      },
    });
    await eventually(async () => (ids.length >= pickupsWritten ? true : undefined), 60_000);
    // Time for a second relay's copies to arrive, were there one.
    await new Promise((done) => setTimeout(done, 2_000));
    expect(ids).toHaveLength(pickupsWritten);
    expect(new Set(ids).size).toBe(pickupsWritten);
  }, 120_000);
});
