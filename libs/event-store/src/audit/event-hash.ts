import { createHash } from 'node:crypto';
import canonicalize from 'canonicalize';

/** What an event's hash covers: its place in its stream, what it says, and the hash before it. */
export interface ChainedFields {
  streamName: string;
  revision: bigint;
  type: string;
  version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  /** The hash of the event at `revision - 1` in the stream; null for revision 0. */
  previousHash: string | null;
}

/**
 * The RFC 8785 (JCS) text that is hashed. The revision is a decimal string: a 64-bit revision is
 * exact in every language, where a JSON number is a double.
 */
export function chainedText(fields: ChainedFields): string {
  const text = canonicalize({
    stream: fields.streamName,
    revision: fields.revision.toString(),
    type: fields.type,
    version: fields.version,
    data: fields.data ?? null,
    metadata: fields.metadata,
    previousHash: fields.previousHash,
  });
  if (text === undefined) throw new TypeError(`Event ${fields.revision} of ${fields.streamName} is not JSON`);
  return text;
}

/** SHA-256, lower-case hex, of the event's canonical text. */
export function eventHash(fields: ChainedFields): string {
  return createHash('sha256').update(chainedText(fields), 'utf8').digest('hex');
}

/** The hashes of events appended together, each chained to the one before it. */
export function chainHashes(
  streamName: string,
  previous: { revision: bigint; hash: string | null },
  events: readonly { type: string; version: number; data: unknown; metadata: Record<string, unknown> }[],
): string[] {
  const hashes: string[] = [];
  let previousHash = previous.hash;
  events.forEach((event, index) => {
    previousHash = eventHash({
      streamName,
      revision: previous.revision + 1n + BigInt(index),
      type: event.type,
      version: event.version,
      data: event.data,
      metadata: event.metadata,
      previousHash,
    });
    hashes.push(previousHash);
  });
  return hashes;
}
