import { randomUUID } from 'node:crypto';
import { credentials, type ServiceError, status } from '@grpc/grpc-js';
import { Empty, UUID } from '@eventstore/db-client/generated/shared_pb';
import { StreamsClient } from '@eventstore/db-client/generated/streams_grpc_pb';
import { AppendReq, AppendResp, ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { streamIdentifier, streamNameOf } from './messages';
import { startTestEventStoreDbServer, type TestEventStoreDbServer } from './test-eventstoredb-server';

// The wire as the client package's generated definitions describe it, without the client's
// conveniences, so the order and the fields of every message are seen as the server sent them.

type Expected = 'any' | 'no_stream' | 'stream_exists' | bigint;

function proposed(type: string, data: unknown, contentType = 'application/json'): AppendReq {
  const message = new AppendReq.ProposedMessage()
    .setId(new UUID().setString(randomUUID()))
    .setData(Buffer.from(JSON.stringify(data)))
    .setCustomMetadata(new Uint8Array());
  message.getMetadataMap().set('type', type);
  if (contentType) message.getMetadataMap().set('content-type', contentType);
  return new AppendReq().setProposedMessage(message);
}

function appendOptions(stream: string, expected: Expected): AppendReq {
  const options = new AppendReq.Options().setStreamIdentifier(streamIdentifier(stream));
  if (expected === 'any') options.setAny(new Empty());
  else if (expected === 'no_stream') options.setNoStream(new Empty());
  else if (expected === 'stream_exists') options.setStreamExists(new Empty());
  else options.setRevision(expected.toString());
  return new AppendReq().setOptions(options);
}

function label(response: ReadResp): string {
  if (response.hasConfirmation()) return 'confirmation';
  if (response.hasCaughtUp()) return 'caught_up';
  if (response.hasStreamNotFound())
    return `stream_not_found ${streamNameOf(response.getStreamNotFound()?.getStreamIdentifier())}`;
  const event = response.getEvent()?.getEvent();
  return `${streamNameOf(event?.getStreamIdentifier())}@${event?.getStreamRevision()}`;
}

function streamRead(
  stream: string,
  forwards: boolean,
  count: number,
  from?: bigint | 'end',
): ReadReq.Options {
  const streamOptions = new ReadReq.Options.StreamOptions().setStreamIdentifier(streamIdentifier(stream));
  if (from === undefined) streamOptions.setStart(new Empty());
  else if (from === 'end') streamOptions.setEnd(new Empty());
  else streamOptions.setRevision(from.toString());
  return baseOptions(forwards).setStream(streamOptions).setCount(String(count));
}

function allRead(forwards: boolean, from?: bigint | 'end'): ReadReq.Options {
  const all = new ReadReq.Options.AllOptions();
  if (from === undefined) all.setStart(new Empty());
  else if (from === 'end') all.setEnd(new Empty());
  else
    all.setPosition(
      new ReadReq.Options.Position().setCommitPosition(from.toString()).setPreparePosition(from.toString()),
    );
  return baseOptions(forwards).setAll(all);
}

function baseOptions(forwards: boolean): ReadReq.Options {
  const direction = forwards
    ? ReadReq.Options.ReadDirection.FORWARDS
    : ReadReq.Options.ReadDirection.BACKWARDS;
  return new ReadReq.Options()
    .setReadDirection(direction)
    .setResolveLinks(false)
    .setNoFilter(new Empty())
    .setUuidOption(new ReadReq.Options.UUIDOption().setString(new Empty()));
}

describe('EventStoreDB test server', () => {
  let server: TestEventStoreDbServer;
  let client: StreamsClient;

  beforeAll(async () => {
    server = await startTestEventStoreDbServer();
    client = new StreamsClient(`127.0.0.1:${server.port}`, credentials.createInsecure());
  });

  afterAll(async () => {
    client?.close();
    await server?.stop();
  });

  const append = (stream: string, expected: Expected, events: AppendReq[]) =>
    new Promise<AppendResp>((resolve, reject) => {
      const call = client.append((error, response) => (error ? reject(error) : resolve(response)));
      call.write(appendOptions(stream, expected));
      for (const event of events) call.write(event);
      call.end();
    });

  const read = (options: ReadReq.Options) =>
    new Promise<ReadResp[]>((resolve, reject) => {
      const responses: ReadResp[] = [];
      client
        .read(new ReadReq().setOptions(options))
        .on('data', (response: ReadResp) => responses.push(response))
        .on('error', reject)
        .on('end', () => resolve(responses));
    });

  const subscribe = (options: ReadReq.Options) => {
    const responses: ReadResp[] = [];
    const call = client.read(
      new ReadReq().setOptions(options.setSubscription(new ReadReq.Options.SubscriptionOptions())),
    );
    call.on('data', (response: ReadResp) => responses.push(response)).on('error', () => undefined);
    return { labels: () => responses.map(label), responses, cancel: () => call.cancel() };
  };

  const until = async (what: string, check: () => boolean) => {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };

  const unique = (name: string) => `${name}${randomUUID().slice(0, 8)}`;

  it('answers an append with the new revision and the last event position, and a mismatch with wrong_expected_version', async () => {
    const stream = unique('order-');
    const created = await append(stream, 'no_stream', [proposed('A', { n: 0 }), proposed('B', { n: 1 })]);
    expect(created.getSuccess()?.getCurrentRevision()).toBe('1');
    const [, last] = await read(streamRead(stream, true, 10));
    expect(created.getSuccess()?.getPosition()?.getCommitPosition()).toBe(
      last.getEvent()?.getEvent()?.getCommitPosition(),
    );

    const again = (await append(stream, 'no_stream', [proposed('C', {})])).getWrongExpectedVersion();
    expect(again?.getCurrentRevision()).toBe('1');
    expect(again?.hasExpectedNoStream()).toBe(true);
    const stale = (await append(stream, 0n, [proposed('C', {})])).getWrongExpectedVersion();
    expect([stale?.getCurrentRevision(), stale?.getExpectedRevision()]).toEqual(['1', '0']);

    const missing = unique('order-');
    const exists = (await append(missing, 'stream_exists', [proposed('C', {})])).getWrongExpectedVersion();
    expect([exists?.hasCurrentNoStream(), exists?.hasExpectedStreamExists()]).toEqual([true, true]);
    const exact = (await append(missing, 3n, [proposed('C', {})])).getWrongExpectedVersion();
    expect([exact?.hasCurrentNoStream(), exact?.getExpectedRevision()]).toEqual([true, '3']);
    expect((await append(stream, 1n, [proposed('C', {})])).getSuccess()?.getCurrentRevision()).toBe('2');
    expect((await append(stream, 'any', [proposed('D', {})])).getSuccess()?.getCurrentRevision()).toBe('3');
  });

  it('refuses a proposed message without a content-type, writing nothing', async () => {
    const stream = unique('order-');
    const failure = await append(stream, 'any', [proposed('A', {}), proposed('B', {}, '')]).catch(
      (error: ServiceError) => error,
    );
    expect(failure).toMatchObject({ code: status.INVALID_ARGUMENT });
    expect((await read(streamRead(stream, true, 10))).map(label)).toEqual([`stream_not_found ${stream}`]);
  });

  it('reads a stream both ways from the start, the end or a revision (inclusive), up to count', async () => {
    const stream = unique('order-');
    await append(
      stream,
      'no_stream',
      [0, 1, 2, 3].map((n) => proposed('A', { n })),
    );
    const revisions = async (options: ReadReq.Options) =>
      (await read(options)).map(label).map((text) => text.split('@')[1]);

    expect(await revisions(streamRead(stream, true, 10))).toEqual(['0', '1', '2', '3']);
    expect(await revisions(streamRead(stream, true, 2, 1n))).toEqual(['1', '2']);
    expect(await revisions(streamRead(stream, true, 10, 'end'))).toEqual([]);
    expect(await revisions(streamRead(stream, false, 10, 'end'))).toEqual(['3', '2', '1', '0']);
    expect(await revisions(streamRead(stream, false, 2, 2n))).toEqual(['2', '1']);
  });

  it('reads $all forwards from a position including it and backwards excluding it; positions grow with the log', async () => {
    const [a, b] = [unique('a-'), unique('b-')];
    await append(a, 'any', [proposed('A', { n: 0 })]);
    await append(b, 'any', [proposed('B', { n: 1 }), proposed('B', { n: 2 })]);
    const tail = (await read(allRead(false, 'end').setCount('3'))).reverse();
    expect(tail.map(label)).toEqual([`${a}@0`, `${b}@0`, `${b}@1`]);
    const positions = tail.map((response) =>
      BigInt(response.getEvent()?.getEvent()?.getCommitPosition() ?? -1),
    );
    expect(positions[0]).toBeLessThan(positions[1]);
    expect(positions[1]).toBeLessThan(positions[2]);
    for (const response of tail) {
      const event = response.getEvent()?.getEvent();
      expect(event?.getPreparePosition()).toBe(event?.getCommitPosition());
    }

    expect((await read(allRead(true, positions[1]).setCount('10'))).map(label)).toEqual([`${b}@0`, `${b}@1`]);
    expect((await read(allRead(false, positions[1]).setCount('1'))).map(label)).toEqual([`${a}@0`]);
    expect((await read(allRead(true, 'end').setCount('10'))).map(label)).toEqual([]);
  });

  it('sends type, content-type and the creation time in ticks (100 ns since the Unix epoch) with each event', async () => {
    const stream = unique('order-');
    const before = BigInt(Date.now()) * 10_000n;
    await append(stream, 'any', [proposed('Weighed', { grams: 5 })]);
    const after = BigInt(Date.now()) * 10_000n;

    const event = (await read(streamRead(stream, true, 1)))[0].getEvent()?.getEvent();
    const metadata = event?.getMetadataMap();
    expect([metadata?.get('type'), metadata?.get('content-type')]).toEqual(['Weighed', 'application/json']);
    const created = BigInt(metadata?.get('created') ?? '0');
    expect(created >= before && created <= after).toBe(true);
    expect(JSON.parse(Buffer.from(event?.getData_asU8() ?? []).toString())).toEqual({ grams: 5 });
  });

  it('gives ids in the structured form unless the string form is asked for', async () => {
    const stream = unique('order-');
    await append(stream, 'any', [proposed('A', {})]);
    const [asString] = await read(streamRead(stream, true, 1));
    const id = asString.getEvent()?.getEvent()?.getId()?.getString() ?? '';
    const structuredOptions = streamRead(stream, true, 1).setUuidOption(
      new ReadReq.Options.UUIDOption().setStructured(new Empty()),
    );

    const structured = (await read(structuredOptions))[0].getEvent()?.getEvent()?.getId()?.getStructured();
    const hex = [structured?.getMostSignificantBits(), structured?.getLeastSignificantBits()]
      .map((half) =>
        BigInt.asUintN(64, BigInt(half ?? 0))
          .toString(16)
          .padStart(16, '0'),
      )
      .join('');
    expect(hex).toBe(id.replace(/-/g, ''));
  });

  it('confirms a subscription first, sends the stored events, then caught_up, then live events in order', async () => {
    const stream = unique('pickup-');
    await append(stream, 'any', [proposed('A', {}), proposed('A', {})]);
    const filter = new ReadReq.Options.FilterOptions()
      .setStreamIdentifier(new ReadReq.Options.FilterOptions.Expression().setPrefixList([stream]))
      .setCount(new Empty());
    const subscription = subscribe(allRead(true).setFilter(filter));
    try {
      await until('caught_up', () => subscription.labels().includes('caught_up'));
      await append(stream, 'any', [proposed('A', {})]);
      await until('the live event', () => subscription.labels().length === 5);
      expect(subscription.labels()).toEqual([
        'confirmation',
        `${stream}@0`,
        `${stream}@1`,
        'caught_up',
        `${stream}@2`,
      ]);
    } finally {
      subscription.cancel();
    }
  });

  it('subscribes after a position (exclusive), from the end (live only), and filters by event type', async () => {
    const stream = unique('batch-');
    await append(stream, 'any', [proposed('Kept', {}), proposed('Kept', {}), proposed('$Hidden', {})]);
    const [, second] = await read(streamRead(stream, true, 2));
    const secondPosition = BigInt(second.getEvent()?.getEvent()?.getCommitPosition() ?? -1);
    const byType = new ReadReq.Options.FilterOptions()
      .setEventType(new ReadReq.Options.FilterOptions.Expression().setRegex('^[^$]'))
      .setCount(new Empty());
    const fromPosition = subscribe(allRead(true, secondPosition));
    const fromEnd = subscribe(allRead(true, 'end'));
    const typed = subscribe(allRead(true).setFilter(byType));
    try {
      await until('three caught_up', () =>
        [fromPosition, fromEnd, typed].every((s) => s.labels().includes('caught_up')),
      );
      await append(stream, 'any', [proposed('Kept', {})]);
      const ours = (labels: string[]) =>
        labels.filter((text) => text.startsWith(stream) || text === 'caught_up');
      await until(
        'the live events',
        () => ours(typed.labels()).includes(`${stream}@3`) && fromEnd.labels().length === 3,
      );

      expect(ours(fromPosition.labels())).toEqual([`${stream}@2`, 'caught_up', `${stream}@3`]);
      expect(fromEnd.labels()).toEqual(['confirmation', 'caught_up', `${stream}@3`]);
      expect(ours(typed.labels())).toEqual([`${stream}@0`, `${stream}@1`, 'caught_up', `${stream}@3`]);
    } finally {
      [fromPosition, fromEnd, typed].forEach((subscription) => subscription.cancel());
    }
  });

  it('catches a stream subscription up on that stream only, after a revision (exclusive)', async () => {
    const [stream, other] = [unique('order-'), unique('order-')];
    await append(stream, 'any', [proposed('A', {}), proposed('A', {})]);
    const options = streamRead(stream, true, 0, 0n);
    options.clearCount();
    const subscription = subscribe(options);
    try {
      await until('caught_up', () => subscription.labels().includes('caught_up'));
      await append(other, 'any', [proposed('A', {})]);
      await append(stream, 'any', [proposed('A', {})]);
      await until('the live event', () => subscription.labels().length === 4);
      expect(subscription.labels()).toEqual(['confirmation', `${stream}@1`, 'caught_up', `${stream}@2`]);
    } finally {
      subscription.cancel();
    }
  });

  it('keeps its events when started again on the same log', async () => {
    const restartable = await startTestEventStoreDbServer();
    const stream = unique('order-');
    const first = new StreamsClient(`127.0.0.1:${restartable.port}`, credentials.createInsecure());
    await new Promise<void>((resolve, reject) => {
      const call = first.append((error) => (error ? reject(error) : resolve()));
      call.write(appendOptions(stream, 'no_stream'));
      call.write(proposed('A', {}));
      call.end();
    });
    first.close();
    await restartable.stop();

    const again = await startTestEventStoreDbServer({ log: restartable.log });
    const second = new StreamsClient(`127.0.0.1:${again.port}`, credentials.createInsecure());
    try {
      const responses = await new Promise<ReadResp[]>((resolve, reject) => {
        const received: ReadResp[] = [];
        second
          .read(new ReadReq().setOptions(streamRead(stream, true, 10)))
          .on('data', (response: ReadResp) => received.push(response))
          .on('error', reject)
          .on('end', () => resolve(received));
      });
      expect(responses.map(label)).toEqual([`${stream}@0`]);
    } finally {
      second.close();
      await again.stop();
    }
  });
});
