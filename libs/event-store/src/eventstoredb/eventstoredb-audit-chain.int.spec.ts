import { EventStoreDBClient } from '@eventstore/db-client';
import { randomBytes } from 'node:crypto';
import { startTestEventStoreDbServer } from '@shipping/testing';
import { eventHash } from '../audit/event-hash';
import { nextCheckpointBody, signCheckpoint } from '../audit/audit-checkpoint';
import { chainedHashOf } from '../audit/audit-checkpointer';
import { auditSigningKey } from '../audit/signing-keys';
import { verifyStore } from '../audit/verify-store';
import { events } from '../testing/contract-helpers';
import { EventStoreDbEventStore } from './eventstoredb-event-store';

/** A server of its own: verify reads all of $all, and other specs' deleted streams are not chained. */
describe('the audit chain on the EventStoreDB test server over gRPC', () => {
  let server: Awaited<ReturnType<typeof startTestEventStoreDbServer>>;
  let store: EventStoreDbEventStore;
  let client: EventStoreDBClient;

  beforeAll(async () => {
    server = await startTestEventStoreDbServer();
    store = new EventStoreDbEventStore(server.connectionString);
    client = EventStoreDBClient.connectionString(server.connectionString);
  }, 30_000);

  afterAll(async () => {
    await store?.close();
    await client?.dispose();
    await server?.stop();
  });

  it("keeps each event's hash in its custom metadata, chained to the event before it in its stream", async () => {
    await store.appendToStream('order-1', events(2), { expectedRevision: 'no_stream' });
    await store.appendToStream('order-1', events(1, 2), { expectedRevision: 1n });

    const stored = [];
    for await (const resolved of client.readStream('order-1')) stored.push(resolved.event);
    const [first, second] = await store.readStream('order-1');

    expect(stored[1]?.metadata).toEqual({ version: 1, metadata: {}, hash: second.hash });
    expect(second.hash).toBe(eventHash({ ...second, metadata: {}, previousHash: first.hash ?? 'missing' }));
  });

  it('keeps the chain whole under concurrent appends that expect any revision, and verifies clean with a checkpoint', async () => {
    const writers = Array.from({ length: 3 }, () => new EventStoreDbEventStore(server.connectionString));
    try {
      await Promise.all(
        writers.flatMap((writer, w) =>
          Array.from({ length: 4 }, (_, n) => writer.appendToStream('order-2', events(2, w * 10 + n * 2))),
        ),
      );
    } finally {
      await Promise.all(writers.map((writer) => writer.close()));
    }
    const key = auditSigningKey('a1', randomBytes(32));
    const checkpoint = signCheckpoint(
      nextCheckpointBody(undefined, await store.readAll(), chainedHashOf),
      key,
    );

    expect(await store.readStream('order-2')).toHaveLength(24);
    expect(await verifyStore(store, [checkpoint], [{ id: key.id, publicKey: key.publicKey }])).toEqual({
      events: 27,
      streams: 2,
      checkpoints: 1,
      breaks: [],
    });
  });
});
