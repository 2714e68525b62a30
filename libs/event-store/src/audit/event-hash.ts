import { createHash, hash } from 'node:crypto';
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

/** `metadataText`: the canonical text of this same metadata, written for an event before. */
export function canonicalPayload(
  data: unknown,
  metadata: Record<string, unknown>,
  metadataText = canonicalJson(metadata),
): CanonicalPayload {
  const dataText = canonicalJson(data ?? null);
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

const dataKey = '{"data":';
const metadataKey = ',"metadata":';

/** An event of an append, its data and metadata already RFC 8785 text. */
export interface CanonicalEvent {
  type: string;
  version: number;
  payload: CanonicalPayload;
}

/**
 * Hashes a stream's next events in order, each chained to the one before it: the same text as
 * `chainedText` and the same hash as `eventHash`. The stream's JSON and the next revisions are
 * written once, and `crypto.hash` hashes each text in one call, without a Hash object per event.
 */
export class ChainHasher {
  private readonly tail: string;
  private readonly revisions: string[];
  private previousHash: string;
  private count = 0;

  constructor(streamName: string, previous: { revision: bigint; hash: string | null }, count: number) {
    this.tail = `","stream":${JSON.stringify(streamName)},"type":`;
    this.revisions = nextRevisions(previous.revision, count);
    this.previousHash = JSON.stringify(previous.hash);
  }

  /** The next event's hash; `typeJson` is its type as a JSON string, its texts RFC 8785 already. */
  next(dataText: string, metadataText: string, typeJson: string, version: number): string {
    if (!Number.isInteger(version)) throw new TypeError(`Event version must be an integer, got ${version}`);
    const text =
      dataKey +
      dataText +
      metadataKey +
      metadataText +
      ',"previousHash":' +
      this.previousHash +
      ',"revision":"' +
      this.revisions[this.count++] +
      this.tail +
      typeJson +
      ',"version":' +
      version +
      '}';
    const hex = hash('sha256', text, 'hex');
    this.previousHash = '"' + hex + '"';
    return hex;
  }
}

/** The hashes of events appended together, each chained to the one before it. */
export function chainCanonical(
  streamName: string,
  previous: { revision: bigint; hash: string | null },
  events: readonly CanonicalEvent[],
): string[] {
  const chain = new ChainHasher(streamName, previous, events.length);
  return events.map(({ type, version, payload }) =>
    chain.next(payload.data, payload.metadata, JSON.stringify(type), version),
  );
}

/** The decimal revisions after `last`, in doubles while they are exact, else in bigints. */
function nextRevisions(last: bigint, count: number): string[] {
  const revisions = new Array<string>(count);
  if (last + BigInt(count) <= BigInt(Number.MAX_SAFE_INTEGER)) {
    const first = Number(last) + 1;
    for (let index = 0; index < count; index++) revisions[index] = String(first + index);
  } else {
    for (let index = 0; index < count; index++) revisions[index] = String(last + 1n + BigInt(index));
  }
  return revisions;
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
  return chainCanonical(
    streamName,
    previous,
    events.map((event) => ({
      type: event.type,
      version: event.version,
      payload: event.payload ?? canonicalPayload(event.data, event.metadata),
    })),
  );
}
