import { batchDecider, type BatchEvent, batchStreamName } from '@shipping/batch-domain';
import { createPgliteSqlClient } from '@shipping/event-store/pglite';
import { EventStoreDbEventStore } from '@shipping/event-store/eventstoredb';
import { type EventStore, type SqlClient } from '@shipping/event-store';
import { type AccountDirectoryClient } from '@shipping/platform/account-directory';
import { handleCommand } from '@shipping/platform/commands';
import { startSubscriber, StoredEventFeed } from '@shipping/platform/subscriptions';
import { sandboxSeed } from '@shipping/reference-data';
import {
  maximalBatchShipment,
  startTestEventStoreDbServer,
  type TestEventStoreDbServer,
} from '@shipping/testing';
import { loadBatch } from '../batches/batch-stream';
import { ValidationProcess } from './validation.process';

const acme = sandboxSeed.accounts[0];
/** The account directory of the order app, as far as validation asks it. */
const directory = {
  addresses: async () => acme.addresses,
  preferences: async () => acme.preferences,
} as unknown as AccountDirectoryClient;
const ITEMS = 400;
/** The process takes the time from its clock: BatchValidated records this one. */
const VALIDATED_AT = new Date('2026-02-03T04:05:06.007Z');
const clock = { now: () => VALIDATED_AT };

/**
 * The validation process manager on EventStoreDB (the test server, with its 1 MiB append limit)
 * records a batch of large shipments in several appends, and carries on after a crash between two.
 */
describe('validating a batch whose results take several appends', () => {
  let server: TestEventStoreDbServer;
  let sql: SqlClient;
  let store: EventStore;

  // One server and database for the file: each spec validates a batch of its own.
  beforeAll(async () => {
    server = await startTestEventStoreDbServer();
    store = new EventStoreDbEventStore(server.connectionString);
    sql = await createPgliteSqlClient();
  });

  afterEach(() => jest.restoreAllMocks());

  afterAll(async () => {
    await store.close();
    await sql.close();
    await server.stop();
  });

  async function createBatch(batchId: string) {
    const items = Array.from({ length: ITEMS }, (_, index) => ({
      item_id: `item-${index}`,
      index,
      shipment: maximalBatchShipment(index),
    }));
    const command = {
      type: 'CreateBatch' as const,
      batchId,
      accountId: acme.id,
      shipperId: 1,
      shipperHashId: 'shp1',
      shipper: { carrier: 'usps', integration: 'own' as const },
      keyMode: 'test' as const,
      service: 'USPS-1',
      items,
      now: new Date().toISOString(),
    };
    await handleCommand({
      store,
      streamName: batchStreamName(batchId),
      command,
      decider: batchDecider,
      metadata: {},
      inParts: true,
    });
  }

  const started = (on: EventStore) =>
    startSubscriber(new StoredEventFeed(sql, on), new ValidationProcess(on, directory, clock));

  const eventsOf = async (batchId: string) =>
    (await store.readStream(batchStreamName(batchId))) as unknown as BatchEvent[];

  const ready = async (batchId: string) => {
    for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
      const state = await loadBatch(store, batchId);
      if (state.status === 'ready' || state.status === 'invalid') return state.status;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`batch ${batchId} was not validated`);
  };

  it('stays under the append limit and moves to ready only with the last append', async () => {
    await createBatch('large');
    const appends = jest.spyOn(store, 'appendToStream');
    const validation = await started(store);
    try {
      expect(await ready('large')).toBe('ready');
    } finally {
      await validation.stop();
    }

    const parts = appends.mock.calls.map(([, events]) => events.map((event) => event.type));
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.flat().filter((type) => type === 'ItemValidated')).toHaveLength(ITEMS);
    expect(parts.slice(0, -1).flat()).not.toContain('BatchValidated');
    expect(parts.at(-1)?.at(-1)).toBe('BatchValidated');
    const validated = (await eventsOf('large')).find((event) => event.type === 'BatchValidated');
    expect(validated?.data).toMatchObject({ at: VALIDATED_AT.toISOString() });
  }, 120_000);

  it('carries on after a crash between two appends: every item validated once, then ready', async () => {
    await createBatch('crashed');
    let written = 0;
    const dying = Object.create(store) as EventStore;
    dying.appendToStream = async (...args) => {
      if (written === 1) throw new Error('the process died');
      written += 1;
      return store.appendToStream(...args);
    };
    const first = await started(dying);
    for (const deadline = Date.now() + 60_000; written < 1 && Date.now() < deadline;)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await first.stop();
    const cutShort = (await eventsOf('crashed')).filter((event) => event.type === 'ItemValidated').length;
    expect(cutShort).toBeGreaterThan(0);
    expect(cutShort).toBeLessThan(ITEMS);
    expect((await loadBatch(store, 'crashed')).status).toBe('validating');

    const second = await started(store);
    try {
      expect(await ready('crashed')).toBe('ready');
    } finally {
      await second.stop();
    }
    const events = await eventsOf('crashed');
    const validatedIds = events.flatMap((event) =>
      event.type === 'ItemValidated' ? [event.data.item_id] : [],
    );
    expect(validatedIds).toHaveLength(ITEMS);
    expect(new Set(validatedIds).size).toBe(ITEMS);
    expect(events.filter((event) => event.type === 'BatchValidated')).toHaveLength(1);
    expect(events.at(-1)?.type).toBe('BatchValidated');
  }, 120_000);
});
