import { Metadata, type ServerWritableStream, status, type StatusObject } from '@grpc/grpc-js';
import { StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { LoggedEvent, ProposedEvent } from './in-memory-log';

export type ReadCall = ServerWritableStream<ReadReq, ReadResp>;

export function streamNameOf(identifier: StreamIdentifier | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');
}

export function streamIdentifier(streamName: string): StreamIdentifier {
  return new StreamIdentifier().setStreamName(Buffer.from(streamName, 'utf8'));
}

/** The client asks for uuids as strings; EventStoreDB's default is the structured (two int64) form. */
function uuid(id: string, asString: boolean): UUID {
  if (asString) return new UUID().setString(id);
  const hex = id.replace(/-/g, '');
  const half = (from: number) => BigInt.asIntN(64, BigInt(`0x${hex.slice(from, from + 16)}`)).toString();
  return new UUID().setStructured(
    new UUID.Structured().setMostSignificantBits(half(0)).setLeastSignificantBits(half(16)),
  );
}

export function readEvent(event: LoggedEvent, uuidOption: ReadReq.Options.UUIDOption | undefined): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuid(event.id, uuidOption?.hasString() ?? false))
    .setStreamIdentifier(streamIdentifier(event.streamName))
    .setStreamRevision(event.revision.toString())
    .setCommitPosition(event.position.toString())
    .setPreparePosition(event.position.toString())
    .setData(event.data)
    .setCustomMetadata(event.customMetadata);
  recorded
    .getMetadataMap()
    .set('type', event.type)
    .set('content-type', event.contentType)
    .set('created', event.created.toString());
  const message = new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(event.position.toString());
  return new ReadResp().setEvent(message);
}

/** Writes one message, waiting while the call's buffer is full so a slow reader holds the server back. */
export async function send(call: ReadCall, message: ReadResp): Promise<void> {
  if (call.write(message)) return;
  await new Promise<void>((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('cancelled', done);
      resolve();
    };
    call.on('drain', done);
    call.on('cancelled', done);
  });
}

/** Stream-name and event-type filters of a $all read or subscription (prefixes or a regex). */
export function eventFilter(options: ReadReq.Options): (event: LoggedEvent) => boolean {
  const filter = options.getFilter();
  if (!options.hasFilter() || !filter) return () => true;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  const prefixes = expression?.getPrefixList() ?? [];
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  return (event) => {
    const subject = onStream ? event.streamName : event.type;
    if (regex) return regex.test(subject);
    return prefixes.some((prefix) => subject.startsWith(prefix));
  };
}

/** Ends a call with `status` instead of a generic INVALID_ARGUMENT. */
export class RpcFailure extends Error {
  constructor(readonly status: Partial<StatusObject>) {
    super(status.details);
  }
}

/** An error as EventStoreDB raises it (RpcExceptions): a status, and the `exception` kind in the trailers. */
export function rpcError(
  code: status,
  details: string,
  exception: string,
  entries: Record<string, string> = {},
): Partial<StatusObject> {
  const metadata = new Metadata();
  metadata.set('exception', exception);
  for (const [key, value] of Object.entries(entries)) metadata.set(key, value);
  return { code, details, metadata };
}

export const streamDeletedError = (streamName: string) =>
  rpcError(status.FAILED_PRECONDITION, `Event stream '${streamName}' is deleted.`, 'stream-deleted', {
    'stream-name': streamName,
  });

export const maxAppendSizeExceededError = (maxAppendSize: number) =>
  rpcError(
    status.INVALID_ARGUMENT,
    `Maximum Append Size of ${maxAppendSize} Exceeded.`,
    'maximum-append-size-exceeded',
    {
      'maximum-append-size': String(maxAppendSize),
    },
  );

/**
 * The bytes EventStoreDB counts against `MaxAppendSize` for one event (Event.SizeOnDisk): its data,
 * its metadata and twice the length of its type.
 */
export function sizeOnDisk(event: Pick<ProposedEvent, 'type' | 'data' | 'customMetadata'>): number {
  return event.data.length + event.customMetadata.length + event.type.length * 2;
}
