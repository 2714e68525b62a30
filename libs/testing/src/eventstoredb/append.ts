import { type sendUnaryData, type ServerReadableStream, status } from '@grpc/grpc-js';
import { Empty } from '@eventstore/db-client/generated/shared_pb';
import { AppendReq, AppendResp, type BatchAppendReq } from '@eventstore/db-client/generated/streams_pb';
import type { ExpectedState, InMemoryEventLog, ProposedEvent, WriteOutcome } from './in-memory-log';
import { maxAppendSizeExceededError, sizeOnDisk, streamDeletedError, streamNameOf } from './messages';

export class InvalidAppend extends Error {}

class TooLarge extends Error {}

/**
 * `Streams.Append`, client streaming: the options message (stream and expected revision) comes
 * first, then one proposed message per event; the answer comes once the client ends its side.
 * A revision mismatch is not an RPC error but a `wrong_expected_version` answer; an append over
 * `maxAppendSize` and one to a tombstoned stream fail as EventStoreDB's RpcExceptions do.
 */
export function appendHandler(log: InMemoryEventLog, maxAppendSize: number) {
  return async (call: ServerReadableStream<AppendReq, AppendResp>, callback: sendUnaryData<AppendResp>) => {
    try {
      let options: AppendReq.Options | undefined;
      const proposed: ProposedEvent[] = [];
      let size = 0;
      for await (const request of call as AsyncIterable<AppendReq>) {
        if (!options) {
          if (!request.hasOptions())
            throw new InvalidAppend('The first append message must carry the options');
          options = request.getOptions();
        } else {
          const message = request.getProposedMessage();
          if (!request.hasProposedMessage() || !message)
            throw new InvalidAppend('Expected a proposed message');
          const event = toProposedEvent(message);
          size += sizeOnDisk(event);
          if (size > maxAppendSize) throw new TooLarge();
          proposed.push(event);
        }
      }
      if (!options) throw new InvalidAppend('An append needs its options message');
      const streamName = streamNameOf(options.getStreamIdentifier());
      if (streamName === '') throw new InvalidAppend('An append needs a stream name');
      const expected = expectedState(options);
      const outcome = log.append(streamName, expected, proposed);
      if (outcome.kind === 'stream_deleted') return callback(streamDeletedError(streamName));
      callback(null, answer(expected, outcome));
    } catch (error) {
      if (error instanceof TooLarge) return callback(maxAppendSizeExceededError(maxAppendSize));
      const code = error instanceof InvalidAppend ? status.INVALID_ARGUMENT : status.INTERNAL;
      callback({ code, details: error instanceof Error ? error.message : String(error) });
    }
  };
}

/** A proposed event of `Append` or `BatchAppend` (the two messages have the same fields). */
export function toProposedEvent(
  message: AppendReq.ProposedMessage | BatchAppendReq.ProposedMessage,
): ProposedEvent {
  const metadata = message.getMetadataMap();
  const type = metadata.get('type');
  const contentType = metadata.get('content-type');
  if (!type) throw new InvalidAppend('Required metadata property is missing: type');
  if (!contentType) throw new InvalidAppend('Required metadata property is missing: content-type');
  const id = message.getId()?.getString();
  if (!id) throw new InvalidAppend('A proposed message needs an id');
  return {
    id,
    type,
    contentType,
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

/** The expected revision of `Append`, `Delete` and `Tombstone` options (one shape in the protocol). */
export function expectedState(options: {
  getExpectedStreamRevisionCase(): number;
  getRevision(): string;
}): ExpectedState {
  switch (options.getExpectedStreamRevisionCase()) {
    case AppendReq.Options.ExpectedStreamRevisionCase.ANY:
      return { kind: 'any' };
    case AppendReq.Options.ExpectedStreamRevisionCase.NO_STREAM:
      return { kind: 'no_stream' };
    case AppendReq.Options.ExpectedStreamRevisionCase.STREAM_EXISTS:
      return { kind: 'stream_exists' };
    case AppendReq.Options.ExpectedStreamRevisionCase.REVISION:
      return { kind: 'revision', revision: BigInt(options.getRevision()) };
    default:
      throw new InvalidAppend('An append needs an expected revision');
  }
}

function answer(
  expected: ExpectedState,
  outcome: Exclude<WriteOutcome, { kind: 'stream_deleted' }>,
): AppendResp {
  if (outcome.kind === 'wrong_expected_version') {
    const wrong = new AppendResp.WrongExpectedVersion();
    if (outcome.currentRevision === undefined) wrong.setCurrentNoStream(new Empty());
    else wrong.setCurrentRevision(outcome.currentRevision.toString());
    if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
    else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new Empty());
    else if (expected.kind === 'stream_exists') wrong.setExpectedStreamExists(new Empty());
    else wrong.setExpectedAny(new Empty());
    return new AppendResp().setWrongExpectedVersion(wrong);
  }
  const success = new AppendResp.Success();
  if (outcome.currentRevision === undefined) success.setNoStream(new Empty());
  else success.setCurrentRevision(outcome.currentRevision.toString());
  if (outcome.position === undefined) success.setNoPosition(new Empty());
  else {
    const position = outcome.position.toString();
    success.setPosition(new AppendResp.Position().setCommitPosition(position).setPreparePosition(position));
  }
  return new AppendResp().setSuccess(success);
}
