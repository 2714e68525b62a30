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
export function deleteHandler(log: InMemoryEventLog) {
  return (call: ServerUnaryCall<DeleteReq, DeleteResp>, callback: sendUnaryData<DeleteResp>) => {
    const options = call.request.getOptions();
    if (!options) return callback({ code: status.INVALID_ARGUMENT, details: 'A delete needs options' });
    const streamName = streamNameOf(options.getStreamIdentifier());
    const expected = expectedState(options);
    answer(streamName, expected, log.delete(streamName, expected), callback, (position) => {
      const response = new DeleteResp();
      if (position === undefined) return response.setNoPosition(new Empty());
      return response.setPosition(
        new DeleteResp.Position()
          .setCommitPosition(position.toString())
          .setPreparePosition(position.toString()),
      );
    });
  };
}

/** `Streams.Tombstone` (hard delete): every later read or write of the stream fails with StreamDeleted. */
export function tombstoneHandler(log: InMemoryEventLog) {
  return (call: ServerUnaryCall<TombstoneReq, TombstoneResp>, callback: sendUnaryData<TombstoneResp>) => {
    const options = call.request.getOptions();
    if (!options) return callback({ code: status.INVALID_ARGUMENT, details: 'A tombstone needs options' });
    const streamName = streamNameOf(options.getStreamIdentifier());
    const expected = expectedState(options);
    answer(streamName, expected, log.tombstone(streamName, expected), callback, (position) => {
      const response = new TombstoneResp();
      if (position === undefined) return response.setNoPosition(new Empty());
      return response.setPosition(
        new TombstoneResp.Position()
          .setCommitPosition(position.toString())
          .setPreparePosition(position.toString()),
      );
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
