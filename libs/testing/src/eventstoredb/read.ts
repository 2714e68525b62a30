import { status } from '@grpc/grpc-js';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { InMemoryEventLog, LoggedEvent } from './in-memory-log';
import {
  eventFilter,
  type ReadCall,
  readEvent,
  RpcFailure,
  send,
  streamDeletedError,
  streamIdentifier,
  streamNameOf,
} from './messages';
import { subscribe } from './subscribe';

const { ReadDirection } = ReadReq.Options;

/**
 * `Streams.Read`, server streaming: a read of one stream or of $all in either direction, up to
 * `count` events, or (with subscription options instead of a count) a catch-up subscription. A
 * soft-deleted stream reads as not found; a tombstoned one fails with StreamDeleted.
 */
export function readHandler(log: InMemoryEventLog) {
  return async (call: ReadCall) => {
    const options = call.request.getOptions();
    try {
      if (!options) throw new Error('A read needs options');
      if (options.hasSubscription()) return await subscribe(log, call, options);
      const forwards = options.getReadDirection() === ReadDirection.FORWARDS;
      const count = BigInt(options.getCount());
      if (options.hasStream()) await readStream(log, call, options, forwards, count);
      else await readAll(log, call, options, forwards, count);
      call.end();
    } catch (error) {
      if (error instanceof RpcFailure) return call.emit('error', error.status);
      call.emit('error', {
        code: status.INVALID_ARGUMENT,
        details: error instanceof Error ? error.message : String(error),
      });
    }
  };
}

async function readStream(
  log: InMemoryEventLog,
  call: ReadCall,
  options: ReadReq.Options,
  forwards: boolean,
  count: bigint,
) {
  const streamOptions = options.getStream();
  const streamName = streamNameOf(streamOptions?.getStreamIdentifier());
  const found = log.read(streamName);
  if (found.kind === 'deleted') throw new RpcFailure(streamDeletedError(streamName));
  if (found.kind === 'not_found') {
    const notFound = new ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(streamName));
    return send(call, new ReadResp().setStreamNotFound(notFound));
  }
  const stream = found.events;
  const last = stream.at(-1)?.revision ?? -1n;
  let from = forwards ? 0n : last;
  if (streamOptions?.hasEnd()) from = forwards ? last + 1n : last;
  if (streamOptions?.hasRevision()) from = BigInt(streamOptions.getRevision());
  const selected = forwards
    ? stream.filter((event) => event.revision >= from)
    : stream.filter((event) => event.revision <= from).reverse();
  await sendUpTo(call, options, selected, count);
}

/** Forwards from a position includes the event at it; backwards from a position starts before it. */
async function readAll(
  log: InMemoryEventLog,
  call: ReadCall,
  options: ReadReq.Options,
  forwards: boolean,
  count: bigint,
) {
  const all = options.getAll();
  const position = all?.getPosition();
  const from = all?.hasPosition() && position ? BigInt(position.getCommitPosition()) : undefined;
  const matches = eventFilter(options);
  let selected: LoggedEvent[];
  if (forwards) {
    selected = all?.hasEnd() ? [] : log.all().filter((event) => from === undefined || event.position >= from);
  } else {
    selected = all?.hasStart()
      ? []
      : log
          .all()
          .filter((event) => from === undefined || event.position < from)
          .reverse();
  }
  await sendUpTo(call, options, selected.filter(matches), count);
}

async function sendUpTo(call: ReadCall, options: ReadReq.Options, events: LoggedEvent[], count: bigint) {
  let sent = 0n;
  for (const event of events) {
    if (sent >= count || call.cancelled) return;
    await send(call, readEvent(event, options.getUuidOption()));
    sent++;
  }
}
