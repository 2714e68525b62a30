import type { ServerDuplexStream } from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import {
  AllStreamPosition,
  BadRequest,
  Empty,
  MaximumAppendSizeExceeded,
  StreamDeleted,
  type UUID,
  WrongExpectedVersion,
} from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { BatchAppendReq, BatchAppendResp } from '@eventstore/db-client/generated/streams_pb';
import { toProposedEvent } from './append';
import type { ExpectedState, InMemoryEventLog, ProposedEvent, WriteOutcome } from './in-memory-log';
import { sizeOnDisk, streamIdentifier, streamNameOf } from './messages';

type BatchAppendCall = ServerDuplexStream<BatchAppendReq, BatchAppendResp>;

interface PendingWrite {
  correlationId: UUID;
  streamName: string;
  expected: ExpectedState;
  events: ProposedEvent[];
  size: number;
}

const { ExpectedStreamPositionCase } = BatchAppendReq.Options;

/**
 * `Streams.BatchAppend`, what @eventstore/db-client uses for every append once `ServerFeatures`
 * lists it: a duplex stream of requests, each with a correlation id; the first of a write carries
 * the options, any may carry proposed messages, the one marked final commits the write. Each
 * write is answered once, in a response with its correlation id and stream: success (revision and
 * position) or a google.rpc.Status whose details the client unpacks by type name, as the real
 * server sends them (Streams.BatchAppend.cs and Status.cs of KurrentDB 25.1): a write whose events
 * pass `maxAppendSize` bytes (counted as EventStoreDB does, see `sizeOnDisk`) is refused as soon as
 * they do, and the rest of its requests are ignored.
 */
export function batchAppendHandler(log: InMemoryEventLog, maxAppendSize: number) {
  return (call: BatchAppendCall) => {
    const pending = new Map<string, PendingWrite>();
    call.on('data', (request: BatchAppendReq) => {
      const correlationId = request.getCorrelationId();
      if (!correlationId) return;
      const key = Buffer.from(correlationId.serializeBinary()).toString('hex');
      try {
        const options = request.getOptions();
        if (options) pending.set(key, openWrite(correlationId, options));
        const write = pending.get(key);
        if (!write) return;
        for (const message of request.getProposedMessagesList()) {
          const event = toProposedEvent(message);
          write.size += sizeOnDisk(event);
          write.events.push(event);
        }
        if (write.size > maxAppendSize) {
          pending.delete(key);
          return reply(call, write, { error: maximumAppendSizeExceeded(maxAppendSize) });
        }
        if (!request.getIsFinal()) return;
        pending.delete(key);
        reply(call, write, outcomeOf(write, log.append(write.streamName, write.expected, write.events)));
      } catch (error) {
        const write = pending.get(key);
        pending.delete(key);
        const message = error instanceof Error ? error.message : String(error);
        reply(call, write ?? { correlationId, streamName: '' }, { error: badRequest(message) });
      }
    });
    call.on('end', () => call.end());
    call.on('error', () => undefined);
  };
}

function openWrite(correlationId: UUID, options: BatchAppendReq.Options): PendingWrite {
  const streamName = streamNameOf(options.getStreamIdentifier());
  if (streamName === '') throw new Error('Required field StreamIdentifier not set.');
  return { correlationId, streamName, expected: expectedState(options), events: [], size: 0 };
}

function expectedState(options: BatchAppendReq.Options): ExpectedState {
  switch (options.getExpectedStreamPositionCase()) {
    case ExpectedStreamPositionCase.ANY:
      return { kind: 'any' };
    case ExpectedStreamPositionCase.NO_STREAM:
      return { kind: 'no_stream' };
    case ExpectedStreamPositionCase.STREAM_EXISTS:
      return { kind: 'stream_exists' };
    case ExpectedStreamPositionCase.STREAM_POSITION:
      return { kind: 'revision', revision: BigInt(options.getStreamPosition()) };
    default:
      throw new Error('An append needs an expected revision');
  }
}

type Result = { success: BatchAppendResp.Success } | { error: Status };

function outcomeOf(write: PendingWrite, outcome: WriteOutcome): Result {
  switch (outcome.kind) {
    case 'written': {
      const success = new BatchAppendResp.Success();
      if (outcome.currentRevision === undefined) success.setNoStream(new Empty());
      else success.setCurrentRevision(outcome.currentRevision.toString());
      if (outcome.position === undefined) success.setNoPosition(new Empty());
      else {
        const position = outcome.position.toString();
        success.setPosition(new AllStreamPosition().setCommitPosition(position).setPreparePosition(position));
      }
      return { success };
    }
    case 'wrong_expected_version':
      return { error: wrongExpectedVersion(write.expected, outcome.currentRevision) };
    case 'stream_deleted': {
      const details = new StreamDeleted().setStreamIdentifier(streamIdentifier(write.streamName));
      return { error: status(Code.NOT_FOUND, 'StreamDeleted', details, 'StreamDeleted') };
    }
    default: {
      const never: never = outcome;
      throw new Error(`Unknown write outcome ${JSON.stringify(never)}`);
    }
  }
}

function reply(
  call: BatchAppendCall,
  write: Pick<PendingWrite, 'correlationId' | 'streamName'>,
  result: Result,
): void {
  const response = new BatchAppendResp()
    .setCorrelationId(write.correlationId)
    .setStreamIdentifier(streamIdentifier(write.streamName));
  if ('success' in result) response.setSuccess(result.success);
  else response.setError(result.error);
  call.write(response);
}

function status(
  code: Code,
  message: string,
  details: { serializeBinary(): Uint8Array },
  type: string,
): Status {
  const any = new Any();
  any.pack(details.serializeBinary(), `event_store.client.${type}`);
  return new Status().setCode(code).setMessage(message).setDetails(any);
}

function wrongExpectedVersion(expected: ExpectedState, current: bigint | undefined): Status {
  const details = new WrongExpectedVersion();
  if (current === undefined) details.setCurrentNoStream(new Empty());
  else details.setCurrentStreamRevision(current.toString());
  if (expected.kind === 'revision') details.setExpectedStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') details.setExpectedNoStream(new Empty());
  else if (expected.kind === 'stream_exists') details.setExpectedStreamExists(new Empty());
  else details.setExpectedAny(new Empty());
  return status(Code.ALREADY_EXISTS, 'WrongExpectedVersion', details, 'WrongExpectedVersion');
}

function maximumAppendSizeExceeded(maxAppendSize: number): Status {
  const details = new MaximumAppendSizeExceeded().setMaxappendsize(maxAppendSize);
  return status(Code.INVALID_ARGUMENT, 'MaximumAppendSizeExceeded', details, 'MaximumAppendSizeExceeded');
}

function badRequest(message: string): Status {
  return status(Code.INVALID_ARGUMENT, 'BadRequest', new BadRequest().setMessage(message), 'BadRequest');
}
