import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json';

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

/** An event's data and metadata as RFC 8785 text: what its hash covers, and valid JSON to store. */
export interface CanonicalPayload {
  data: string;
  metadata: string;
}

export function canonicalPayload(data: unknown, metadata: Record<string, unknown>): CanonicalPayload {
  const dataText = canonicalJson(data ?? null);
  const metadataText = canonicalJson(metadata);
  if (dataText === undefined || metadataText === undefined)
    throw new TypeError('Event data and metadata must be JSON');
  return { data: dataText, metadata: metadataText };
}

/**
 * The RFC 8785 (JCS) text that is hashed: an object of seven keys, written here in their sorted
 * order around the canonical data and metadata, so an append canonicalizes each payload once. The
 * revision is a decimal string: a 64-bit revision is exact in every language, where a JSON number
 * is a double.
 */
export function chainedText(
  fields: ChainedFields,
  payload = canonicalPayload(fields.data, fields.metadata),
): string {
  if (!Number.isInteger(fields.version))
    throw new TypeError(`Event version must be an integer, got ${fields.version}`);
  return (
    `{"data":${payload.data},"metadata":${payload.metadata},` +
    `"previousHash":${JSON.stringify(fields.previousHash)},"revision":"${fields.revision}",` +
    `"stream":${JSON.stringify(fields.streamName)},"type":${JSON.stringify(fields.type)},"version":${fields.version}}`
  );
}

/** SHA-256, lower-case hex, of the event's canonical text. */
export function eventHash(fields: ChainedFields, payload?: CanonicalPayload): string {
  return createHash('sha256').update(chainedText(fields, payload), 'utf8').digest('hex');
}

/** The hashes of events appended together, each chained to the one before it. */
export function chainHashes(
  streamName: string,
  previous: { revision: bigint; hash: string | null },
  events: readonly {
    type: string;
    version: number;
    data: unknown;
    metadata: Record<string, unknown>;
    payload?: CanonicalPayload;
  }[],
): string[] {
  const hashes: string[] = [];
  let previousHash = previous.hash;
  events.forEach((event, index) => {
    previousHash = eventHash(
      {
        streamName,
        revision: previous.revision + 1n + BigInt(index),
        type: event.type,
        version: event.version,
        data: event.data,
        metadata: event.metadata,
        previousHash,
      },
      event.payload,
    );
    hashes.push(previousHash);
  });
  return hashes;
}
