import { randomUUID } from 'node:crypto';
import { ReadReq, ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { InMemoryEventLog, LoggedEvent } from './in-memory-log';
import {
  eventFilter,
  type ReadCall,
  readEvent,
  RpcFailure,
  send,
  streamDeletedError,
  streamNameOf,
} from './messages';

const caughtUp = Symbol('caught up');

interface Selection {
  history: readonly LoggedEvent[];
  live(event: LoggedEvent): boolean;
}

/**
 * A catch-up subscription to one stream or to $all: `confirmation` first, then every stored event
 * after the start point, then `caught_up`, then each new event as it is appended, until the
 * client cancels. Starting from a position or revision is exclusive, as in EventStoreDB.
 */
export async function subscribe(
  log: InMemoryEventLog,
  call: ReadCall,
  options: ReadReq.Options,
): Promise<void> {
  const queue: (LoggedEvent | typeof caughtUp)[] = [];
  let wake: (() => void) | undefined;
  const push = (items: (LoggedEvent | typeof caughtUp)[]) => {
    queue.push(...items);
    wake?.();
  };
  // History and listener in one synchronous turn: no append can fall between them, or land in both.
  const { history, live } = options.hasStream() ? streamSelection(log, options) : allSelection(log, options);
  const unsubscribe = log.onAppend((events) => push(events.filter(live)));
  push([...history, caughtUp]);
  let cancelled = call.cancelled;
  call.on('cancelled', () => {
    cancelled = true;
    wake?.();
  });
  try {
    const confirmation = new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
    await send(call, new ReadResp().setConfirmation(confirmation));
    while (!cancelled) {
      const next = queue.shift();
      if (next === undefined) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = undefined;
      } else if (next === caughtUp) {
        await send(call, new ReadResp().setCaughtUp(new ReadResp.CaughtUp()));
      } else {
        await send(call, readEvent(next, options.getUuidOption()));
      }
    }
  } finally {
    unsubscribe();
  }
}

function allSelection(log: InMemoryEventLog, options: ReadReq.Options): Selection {
  const all = options.getAll();
  const matches = eventFilter(options);
  const position = all?.getPosition();
  let history = log.all();
  if (all?.hasEnd()) history = [];
  else if (all?.hasPosition() && position) {
    const after = BigInt(position.getCommitPosition());
    history = history.filter((event) => event.position > after);
  }
  return { history: history.filter(matches), live: matches };
}

function streamSelection(log: InMemoryEventLog, options: ReadReq.Options): Selection {
  const streamOptions = options.getStream();
  const streamName = streamNameOf(streamOptions?.getStreamIdentifier());
  const found = log.read(streamName);
  if (found.kind === 'deleted') throw new RpcFailure(streamDeletedError(streamName));
  let history = found.kind === 'found' ? found.events : [];
  if (streamOptions?.hasEnd()) history = [];
  else if (streamOptions?.hasRevision()) {
    const after = BigInt(streamOptions.getRevision());
    history = history.filter((event) => event.revision > after);
  }
  return { history, live: (event) => event.streamName === streamName };
}
