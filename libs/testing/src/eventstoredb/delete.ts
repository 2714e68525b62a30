import { type sendUnaryData, type ServerUnaryCall, status } from '@grpc/grpc-js';
import { Empty } from '@eventstore/db-client/generated/shared_pb';
import {
  DeleteReq,
  DeleteResp,
  TombstoneReq,
  TombstoneResp,
} from '@eventstore/db-client/generated/streams_pb';
import { expectedState } from './append';
import type { ExpectedState, InMemoryEventLog, WriteOutcome } from './in-memory-log';
import { rpcError, streamDeletedError, streamNameOf } from './messages';

/** EventStoreDB's numbers for expected versions that are not revisions (ExpectedVersion.cs). */
const versionNumber = (expected: ExpectedState) =>
  expected.kind === 'revision'
    ? expected.revision.toString()
    : { any: '-2', no_stream: '-1', stream_exists: '-4' }[expected.kind];

/** `Streams.Delete` (soft delete): the stream reads as not found until it is written again. */
export const deleteHandler = (log: InMemoryEventLog) =>
  removalHandler<DeleteReq, DeleteResp>(DeleteResp, (name, expected) => log.delete(name, expected));

/** `Streams.Tombstone` (hard delete): every later read or write of the stream fails with StreamDeleted. */
export const tombstoneHandler = (log: InMemoryEventLog) =>
  removalHandler<TombstoneReq, TombstoneResp>(TombstoneResp, (name, expected) =>
    log.tombstone(name, expected),
  );

/** Delete and Tombstone share their messages' shape: options with a stream and an expected revision; a position. */
interface RemovalResponse {
  setNoPosition(value: Empty): unknown;
  setPosition(value: never): unknown;
}

function removalHandler<Req extends DeleteReq | TombstoneReq, Resp extends RemovalResponse>(
  Response: { new (): Resp; Position: new () => DeleteResp.Position | TombstoneResp.Position },
  remove: (streamName: string, expected: ExpectedState) => WriteOutcome,
) {
  return (call: ServerUnaryCall<Req, Resp>, callback: sendUnaryData<Resp>) => {
    const options = call.request.getOptions();
    if (!options) return callback({ code: status.INVALID_ARGUMENT, details: 'A delete needs options' });
    const streamName = streamNameOf(options.getStreamIdentifier());
    const expected = expectedState(options);
    answer(streamName, expected, remove(streamName, expected), callback, (position) => {
      const response = new Response();
      if (position === undefined) response.setNoPosition(new Empty());
      else {
        const at = position.toString();
        response.setPosition(new Response.Position().setCommitPosition(at).setPreparePosition(at) as never);
      }
      return response;
    });
  };
}

/** Failures are RpcExceptions, as Streams.Delete.cs raises them. */
function answer<R>(
  streamName: string,
  expected: ExpectedState,
  outcome: WriteOutcome,
  callback: sendUnaryData<R>,
  success: (position: bigint | undefined) => R,
): void {
  switch (outcome.kind) {
    case 'written':
      return callback(null, success(outcome.position));
    case 'stream_deleted':
      return callback(streamDeletedError(streamName));
    case 'wrong_expected_version': {
      const actual = outcome.currentRevision?.toString() ?? '-1';
      const details = `Delete failed due to WrongExpectedVersion. Stream: ${streamName}, Expected version: ${versionNumber(expected)}, Actual version: ${actual}`;
      return callback(
        rpcError(status.FAILED_PRECONDITION, details, 'wrong-expected-version', {
          'stream-name': streamName,
          'expected-version': versionNumber(expected),
          'actual-version': actual,
        }),
      );
    }
    default: {
      const never: never = outcome;
      throw new Error(`Unknown write outcome ${JSON.stringify(never)}`);
    }
  }
}
