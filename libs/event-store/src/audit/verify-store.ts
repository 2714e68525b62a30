import { comparePositions, type EventStore, type RecordedEvent } from '../event-store';
import { type AuditCheckpoint, ALL_CHAIN_START, checkpointSigned, extendAllChain } from './audit-checkpoint';
import { chainedHashOf } from './audit-checkpointer';
import { eventHash } from './event-hash';
import type { AuditPublicKey } from './signing-keys';

/** One thing found wrong: at a stream's revision, or at a checkpoint. */
export interface AuditBreak {
  stream?: string;
  revision?: bigint;
  checkpoint?: number;
  problem: string;
}

export interface AuditReport {
  events: number;
  streams: number;
  checkpoints: number;
  breaks: AuditBreak[];
}

interface StreamState {
  revision: bigint;
  hash: string | null;
}

const headKey = (stream: string, revision: bigint) => `${stream}\u0000${revision}`;

/**
 * Reads $all once, in order, and checks that each stream's events follow one another (dense
 * revisions, each hash recomputed from the event and the stored hash before it), that the chain of
 * $all and the count of events match every checkpoint at its position, that each checkpoint is
 * signed by a key of `keys`, and that every stream head a checkpoint saw is still stored as it was.
 * `store` must be the adapter itself: an upcaster changes data the hashes cover.
 */
export async function verifyStore(
  store: EventStore,
  checkpoints: readonly AuditCheckpoint[],
  keys: readonly AuditPublicKey[],
  pageSize = 5_000,
): Promise<AuditReport> {
  const breaks: AuditBreak[] = [];
  checkpoints.forEach((checkpoint, index) => {
    if (checkpoint.sequence !== index + 1)
      breaks.push({ checkpoint: checkpoint.sequence, problem: `checkpoint ${index + 1} is missing` });
    if (!checkpointSigned(checkpoint, keys))
      breaks.push({
        checkpoint: checkpoint.sequence,
        problem: `the signature does not verify with a published key "${checkpoint.keyId}"`,
      });
  });
  const heads = new Map<string, { hash: string; sequence: number }>();
  for (const checkpoint of checkpoints)
    for (const head of checkpoint.heads)
      heads.set(headKey(head.stream, head.revision), { hash: head.hash, sequence: checkpoint.sequence });

  const streams = new Map<string, StreamState>();
  let chain = ALL_CHAIN_START;
  let events = 0n;
  let next = 0;
  const checkCheckpoint = (checkpoint: AuditCheckpoint) => {
    if (checkpoint.chain !== chain || checkpoint.events !== events)
      breaks.push({
        checkpoint: checkpoint.sequence,
        problem: `$all up to ${checkpoint.position.commit}/${checkpoint.position.prepare} is not what was signed: ${events} events where ${checkpoint.events} were, and another chain`,
      });
  };
  const visit = (event: RecordedEvent) => {
    while (next < checkpoints.length && comparePositions(event.position, checkpoints[next].position) > 0)
      checkCheckpoint(checkpoints[next++]);
    const state = streams.get(event.streamName);
    breaks.push(...linkBreaks(event, state));
    const hash = chainedHashOf(event);
    const head = heads.get(headKey(event.streamName, event.revision));
    if (head) {
      heads.delete(headKey(event.streamName, event.revision));
      if (head.hash !== hash)
        breaks.push({
          stream: event.streamName,
          revision: event.revision,
          checkpoint: head.sequence,
          problem: `not the event checkpoint ${head.sequence} saw at this revision`,
        });
    }
    streams.set(event.streamName, { revision: event.revision, hash: event.hash ?? null });
    chain = extendAllChain(chain, hash);
    events++;
  };

  for (let after = undefined as RecordedEvent['position'] | undefined; ;) {
    const page = await store.readAll({ after, maxCount: pageSize });
    if (page.length === 0) break;
    page.forEach(visit);
    after = page[page.length - 1].position;
  }
  while (next < checkpoints.length) checkCheckpoint(checkpoints[next++]);
  for (const [key, head] of heads) {
    const [stream, revision] = key.split('\u0000');
    const last = streams.get(stream)?.revision ?? -1n;
    breaks.push({
      stream,
      revision: last + 1n,
      checkpoint: head.sequence,
      problem: `missing: checkpoint ${head.sequence} saw this stream at revision ${revision}, the store ends at ${last}`,
    });
  }
  return { events: Number(events), streams: streams.size, checkpoints: checkpoints.length, breaks };
}

/** What is wrong with an event as the next of its stream: a gap, an order, or its hash. */
function linkBreaks(event: RecordedEvent, previous: StreamState | undefined): AuditBreak[] {
  const at = { stream: event.streamName };
  const expected = (previous?.revision ?? -1n) + 1n;
  if (event.revision > expected)
    return [
      { ...at, revision: expected, problem: `missing: revision ${event.revision} follows ${expected - 1n}` },
    ];
  if (event.revision < expected)
    return [
      { ...at, revision: event.revision, problem: `out of order: comes after revision ${expected - 1n}` },
    ];
  if (event.hash === undefined)
    return [{ ...at, revision: event.revision, problem: 'unchained: stored without a hash' }];
  const recomputed = eventHash({
    streamName: event.streamName,
    revision: event.revision,
    type: event.type,
    version: event.version,
    data: event.data,
    metadata: event.metadata,
    previousHash: previous?.hash ?? null,
  });
  return recomputed === event.hash
    ? []
    : [
        {
          ...at,
          revision: event.revision,
          problem: 'altered: the stored hash is not that of the event and the hash before it',
        },
      ];
}
