import { randomUUID } from 'node:crypto';
import { credentials, type ServiceError, status } from '@grpc/grpc-js';
import {
  EventStoreDBClient,
  jsonEvent,
  MaxAppendSizeExceededError,
  StreamDeletedError,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';
import { Empty, UUID } from '@eventstore/db-client/generated/shared_pb';
import { ServerFeaturesClient } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import type { SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import { StreamsClient } from '@eventstore/db-client/generated/streams_grpc_pb';
import { AppendReq, type AppendResp } from '@eventstore/db-client/generated/streams_pb';
import { TOMBSTONE_REVISION } from './in-memory-log';
import { streamIdentifier } from './messages';
import { startTestEventStoreDbServer, type TestEventStoreDbServer } from './test-eventstoredb-server';

// Writes as @eventstore/db-client makes them against a real server (BatchAppend, Delete,
// Tombstone), and the errors it raises from the answers; the wire where the client hides it.

const unique = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

/** An event whose size as EventStoreDB counts it (data, metadata, twice the type) is `bytes`. */
function eventOfSize(bytes: number) {
  const type = 'Sized';
  const metadata = { m: 1 };
  const overhead = JSON.stringify({ pad: '' }).length + JSON.stringify(metadata).length + type.length * 2;
  return jsonEvent({ type, data: { pad: 'x'.repeat(bytes - overhead) }, metadata });
}

async function events(client: EventStoreDBClient, stream: string) {
  const read = [];
  for await (const resolved of client.readStream(stream)) read.push(resolved.event);
  return read;
}

describe('EventStoreDB test server: writes as the client makes them', () => {
  let server: TestEventStoreDbServer;
  let client: EventStoreDBClient;

  beforeAll(async () => {
    server = await startTestEventStoreDbServer({ maxAppendSize: 4_000 });
    client = EventStoreDBClient.connectionString(server.connectionString);
  });

  afterAll(async () => {
    await client?.dispose();
    await server?.stop();
  });

  it('lists its methods as ServerFeatures, so the client appends with BatchAppend', async () => {
    const features = new ServerFeaturesClient(`127.0.0.1:${server.port}`, credentials.createInsecure());
    const supported = await new Promise<SupportedMethods>((resolve, reject) =>
      features.getSupportedMethods(new Empty(), (error, methods) =>
        error ? reject(error) : resolve(methods),
      ),
    );
    features.close();
    const listed = supported
      .getMethodsList()
      .map((method) => `${method.getServiceName()}/${method.getMethodName()}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        'event_store.client.streams.streams/batchappend',
        'event_store.client.streams.streams/read',
        'event_store.client.server_features.serverfeatures/getsupportedmethods',
      ]),
    );

    const before = {
      batchAppend: server.calls.get('batchAppend') ?? 0,
      append: server.calls.get('append') ?? 0,
    };
    const stream = unique('order');
    const result = await client.appendToStream(stream, [jsonEvent({ type: 'A', data: { n: 0 } })]);
    expect(result.nextExpectedRevision).toBe(0n);
    expect(server.calls.get('batchAppend')).toBe(before.batchAppend + 1);
    expect(server.calls.get('append') ?? 0).toBe(before.append);
  });

  it('takes a write the client sends in several requests as one append, with its revisions', async () => {
    const stream = unique('order');
    const sent = Array.from({ length: 6 }, (_, n) => jsonEvent({ type: 'Part', data: { n } }));
    // batchAppendSize splits the write into requests of about 60 bytes of events each.
    const result = await client.appendToStream(stream, sent, {
      expectedRevision: 'no_stream',
      batchAppendSize: 60,
    });
    expect(result.nextExpectedRevision).toBe(5n);
    expect((await events(client, stream)).map((event) => event?.data)).toEqual(
      sent.map((event) => event.data),
    );
  });

  it('answers a revision mismatch with the client error, naming both revisions', async () => {
    const stream = unique('order');
    await client.appendToStream(stream, [
      jsonEvent({ type: 'A', data: {} }),
      jsonEvent({ type: 'A', data: {} }),
    ]);
    const refused = await client
      .appendToStream(stream, jsonEvent({ type: 'A', data: {} }), { expectedRevision: 0n })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WrongExpectedVersionError);
    expect(refused).toMatchObject({ streamName: stream, expectedVersion: 0n, actualVersion: 1n });
  });

  describe('the append size limit', () => {
    it('takes an append of exactly MaxAppendSize bytes, counted as EventStoreDB does', async () => {
      const stream = unique('order');
      await client.appendToStream(stream, [eventOfSize(1_000), eventOfSize(3_000)]);
      expect(await events(client, stream)).toHaveLength(2);
    });

    it('refuses one byte more with MaxAppendSizeExceededError, and writes nothing of it', async () => {
      const stream = unique('order');
      const refused = await client
        .appendToStream(stream, [eventOfSize(1_000), eventOfSize(3_001)])
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MaxAppendSizeExceededError);
      expect(refused).toMatchObject({ maxAppendSize: 4_000 });
      await expect(events(client, stream)).rejects.toBeInstanceOf(StreamNotFoundError);
    });

    it('refuses it whatever the number of requests the client split the write into', async () => {
      const stream = unique('order');
      const sent = Array.from({ length: 8 }, () => eventOfSize(600));
      const refused = await client
        .appendToStream(stream, sent, { batchAppendSize: 700 })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(MaxAppendSizeExceededError);
      await expect(events(client, stream)).rejects.toBeInstanceOf(StreamNotFoundError);
      const after = await client.appendToStream(stream, [eventOfSize(600)]);
      expect(after.nextExpectedRevision).toBe(0n);
    });

    it('refuses it on the older Append call too, as the RpcException EventStoreDB raises', async () => {
      const raw = new StreamsClient(`127.0.0.1:${server.port}`, credentials.createInsecure());
      const message = new AppendReq.ProposedMessage()
        .setId(new UUID().setString(randomUUID()))
        .setData(Buffer.from(JSON.stringify({ pad: 'x'.repeat(4_000) })))
        .setCustomMetadata(new Uint8Array());
      message.getMetadataMap().set('type', 'Big').set('content-type', 'application/json');
      const options = new AppendReq.Options()
        .setStreamIdentifier(streamIdentifier(unique('order')))
        .setAny(new Empty());
      const failure = await new Promise<ServiceError | AppendResp>((resolve) => {
        const call = raw.append((error, response) => resolve(error ?? response));
        call.write(new AppendReq().setOptions(options));
        call.write(new AppendReq().setProposedMessage(message));
        call.end();
      });
      raw.close();
      expect(failure).toMatchObject({
        code: status.INVALID_ARGUMENT,
        details: 'Maximum Append Size of 4000 Exceeded.',
      });
      expect((failure as ServiceError).metadata.get('exception')).toEqual(['maximum-append-size-exceeded']);
      expect((failure as ServiceError).metadata.get('maximum-append-size')).toEqual(['4000']);
    });
  });

  describe('a soft-deleted stream', () => {
    it('reads as not found, and a write recreates it from the revision after its last event', async () => {
      const stream = unique('batch');
      await client.appendToStream(
        stream,
        [0, 1, 2].map((n) => jsonEvent({ type: 'Old', data: { n } })),
      );
      await client.deleteStream(stream);
      await expect(events(client, stream)).rejects.toBeInstanceOf(StreamNotFoundError);

      const recreated = await client.appendToStream(stream, jsonEvent({ type: 'New', data: { n: 3 } }), {
        expectedRevision: 'no_stream',
      });
      expect(recreated.nextExpectedRevision).toBe(3n);
      const read = await events(client, stream);
      expect(read.map((event) => [event?.type, event?.revision])).toEqual([['New', 3n]]);
      const inAll = server.log.all().filter((event) => event.streamName.endsWith(stream));
      expect(inAll.map((event) => `${event.streamName === stream ? '' : '$$'}${event.type}`)).toEqual([
        'Old',
        'Old',
        'Old',
        '$$$metadata',
        'New',
        '$$$metadata',
      ]);
    });

    it('refuses stream_exists as deleted and a stale revision as a mismatch with its last revision', async () => {
      const stream = unique('batch');
      await client.appendToStream(stream, [
        jsonEvent({ type: 'Old', data: {} }),
        jsonEvent({ type: 'Old', data: {} }),
      ]);
      await client.deleteStream(stream, { expectedRevision: 1n });

      await expect(
        client.appendToStream(stream, jsonEvent({ type: 'New', data: {} }), {
          expectedRevision: 'stream_exists',
        }),
      ).rejects.toBeInstanceOf(StreamDeletedError);
      await expect(
        client.appendToStream(stream, jsonEvent({ type: 'New', data: {} }), { expectedRevision: 0n }),
      ).rejects.toMatchObject({ actualVersion: 1n });
      const result = await client.appendToStream(stream, jsonEvent({ type: 'New', data: {} }), {
        expectedRevision: 1n,
      });
      expect(result.nextExpectedRevision).toBe(2n);
    });

    it('is not deleted when the expected revision does not match', async () => {
      const stream = unique('batch');
      await client.appendToStream(stream, jsonEvent({ type: 'Old', data: {} }));
      await expect(client.deleteStream(stream, { expectedRevision: 5n })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      expect(await events(client, stream)).toHaveLength(1);
    });
  });

  describe('a tombstoned stream', () => {
    it('fails every read and write with StreamDeletedError, for good', async () => {
      const stream = unique('batch');
      await client.appendToStream(stream, jsonEvent({ type: 'Old', data: {} }));
      await client.tombstoneStream(stream);

      await expect(events(client, stream)).rejects.toBeInstanceOf(StreamDeletedError);
      for (const expectedRevision of ['any', 'no_stream', 0n] as const)
        await expect(
          client.appendToStream(stream, jsonEvent({ type: 'New', data: {} }), { expectedRevision }),
        ).rejects.toBeInstanceOf(StreamDeletedError);
      await expect(client.deleteStream(stream)).rejects.toBeInstanceOf(StreamDeletedError);
      await expect(client.tombstoneStream(stream)).rejects.toBeInstanceOf(StreamDeletedError);

      const marker = server.log
        .all()
        .find((event) => event.streamName === stream && event.type === '$streamDeleted');
      expect(marker?.revision).toBe(TOMBSTONE_REVISION);
    });
  });
});
