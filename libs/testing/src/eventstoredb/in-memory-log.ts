import { randomUUID } from 'node:crypto';

/** An event as the test server keeps it: what the client proposed, plus what the server assigns. */
export interface LoggedEvent {
  id: string;
  streamName: string;
  revision: bigint;
  /** Log position: commit and prepare are the same, as for any event not written in an explicit transaction. */
  position: bigint;
  type: string;
  contentType: string;
  data: Uint8Array;
  customMetadata: Uint8Array;
  /** .NET ticks (100 ns) since the Unix epoch, as EventStoreDB sends in the `created` metadata entry. */
  created: bigint;
}

export type ProposedEvent = Pick<LoggedEvent, 'id' | 'type' | 'contentType' | 'data' | 'customMetadata'>;

export type ExpectedState =
  | { kind: 'any' }
  | { kind: 'no_stream' }
  | { kind: 'stream_exists' }
  | { kind: 'revision'; revision: bigint };

export type WriteOutcome =
  | { kind: 'written'; currentRevision: bigint | undefined; position: bigint | undefined }
  | { kind: 'wrong_expected_version'; currentRevision: bigint | undefined }
  | { kind: 'stream_deleted' };

/** What a read of one stream finds: its visible events, nothing (never written, or soft-deleted), or a tombstone. */
export type StreamRead =
  { kind: 'found'; events: readonly LoggedEvent[] } | { kind: 'not_found' } | { kind: 'deleted' };

interface StreamEntry {
  events: LoggedEvent[];
  /** Revisions below it are hidden: a soft-deleted stream written again starts after its last event. */
  truncateBefore: bigint;
  softDeleted: boolean;
  tombstoned: boolean;
}

/** The revision EventStoreDB gives the `$streamDeleted` event of a tombstoned stream (long.MaxValue). */
export const TOMBSTONE_REVISION = 9_223_372_036_854_775_807n;

const ticksPerMillisecond = 10_000n;
/** Bytes a record takes in the log besides its payload, so positions grow like EventStoreDB's byte offsets. */
const recordOverhead = 128n;

/**
 * The test server's whole database: every event in one ordered log ($all) and an index per
 * stream. Writes are synchronous, so each one is atomic and listeners see them in log order.
 * Deleting follows EventStoreDB (IndexWriter.CheckCommit): a soft-deleted stream reads as not found
 * and a write recreates it from the revision after its last event, while its old events stay in
 * $all; a tombstoned stream refuses every read and write for good. Either leaves a system event
 * in $all (`$metadata` of `$$<stream>`, or `$streamDeleted`), as the real server does.
 */
export class InMemoryEventLog {
  private readonly log: LoggedEvent[] = [];
  private readonly streams = new Map<string, StreamEntry>();
  private readonly listeners = new Set<(events: LoggedEvent[]) => void>();
  private nextPosition = 0n;

  /** The stream's last revision, hidden events included, or undefined when it was never written. */
  currentRevision(streamName: string): bigint | undefined {
    return this.streams.get(streamName)?.events.at(-1)?.revision;
  }

  append(streamName: string, expected: ExpectedState, proposed: ProposedEvent[]): WriteOutcome {
    const entry = this.streams.get(streamName);
    const current = this.currentRevision(streamName);
    if (entry?.tombstoned) return { kind: 'stream_deleted' };
    if (entry?.softDeleted) {
      if (expected.kind === 'stream_exists') return { kind: 'stream_deleted' };
      if (expected.kind === 'revision' && expected.revision !== current)
        return { kind: 'wrong_expected_version', currentRevision: current };
    } else if (!satisfies(expected, current)) {
      return { kind: 'wrong_expected_version', currentRevision: current };
    }
    if (proposed.length === 0) return { kind: 'written', currentRevision: current, position: undefined };
    const stream = entry ?? { events: [], truncateBefore: 0n, softDeleted: false, tombstoned: false };
    this.streams.set(streamName, stream);
    const next = current === undefined ? 0n : current + 1n;
    const written = this.write(
      proposed.map((event, offset) => ({ ...event, streamName, revision: next + BigInt(offset) })),
    );
    stream.events.push(...written);
    if (stream.softDeleted) {
      stream.softDeleted = false;
      stream.truncateBefore = next;
      this.writeMetadata(streamName, next);
    }
    const last = written[written.length - 1];
    return { kind: 'written', currentRevision: last.revision, position: last.position };
  }

  /** Soft delete (`Streams.Delete`): answers the position of the `$metadata` event it writes. */
  delete(streamName: string, expected: ExpectedState): WriteOutcome {
    return this.remove(streamName, expected, 'soft');
  }

  /** Hard delete (`Streams.Tombstone`): answers the position of the `$streamDeleted` event. */
  tombstone(streamName: string, expected: ExpectedState): WriteOutcome {
    return this.remove(streamName, expected, 'hard');
  }

  /** The stream's visible events, or undefined when a read finds none (never written, or deleted). */
  stream(streamName: string): readonly LoggedEvent[] | undefined {
    const found = this.read(streamName);
    return found.kind === 'found' ? found.events : undefined;
  }

  read(streamName: string): StreamRead {
    const entry = this.streams.get(streamName);
    if (entry?.tombstoned) return { kind: 'deleted' };
    if (!entry || entry.softDeleted) return { kind: 'not_found' };
    return { kind: 'found', events: entry.events.filter((event) => event.revision >= entry.truncateBefore) };
  }

  all(): readonly LoggedEvent[] {
    return this.log;
  }

  /** Calls `listener` with every later append; returns the unsubscribe function. */
  onAppend(listener: (events: LoggedEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private remove(streamName: string, expected: ExpectedState, how: 'soft' | 'hard'): WriteOutcome {
    const entry = this.streams.get(streamName) ?? {
      events: [],
      truncateBefore: 0n,
      softDeleted: false,
      tombstoned: false,
    };
    const current = this.currentRevision(streamName);
    if (entry.tombstoned) return { kind: 'stream_deleted' };
    if (!satisfies(expected, current)) return { kind: 'wrong_expected_version', currentRevision: current };
    this.streams.set(streamName, entry);
    const marker =
      how === 'hard'
        ? this.write([systemEvent(streamName, TOMBSTONE_REVISION, '$streamDeleted', new Uint8Array())])[0]
        : this.writeMetadata(streamName, TOMBSTONE_REVISION);
    if (how === 'hard') entry.tombstoned = true;
    else entry.softDeleted = true;
    return { kind: 'written', currentRevision: current, position: marker.position };
  }

  /** The stream's metadata with `$tb` (truncate before): long.MaxValue marks it soft-deleted. */
  private writeMetadata(streamName: string, truncateBefore: bigint): LoggedEvent {
    const metadataStream = `$$${streamName}`;
    const entry = this.streams.get(metadataStream) ?? {
      events: [],
      truncateBefore: 0n,
      softDeleted: false,
      tombstoned: false,
    };
    this.streams.set(metadataStream, entry);
    const revision = BigInt(entry.events.length);
    const data = Buffer.from(`{"$tb":${truncateBefore}}`);
    const [written] = this.write([
      systemEvent(metadataStream, revision, '$metadata', data, 'application/json'),
    ]);
    entry.events.push(written);
    return written;
  }

  private write(events: Omit<LoggedEvent, 'position' | 'created'>[]): LoggedEvent[] {
    const created = BigInt(Date.now()) * ticksPerMillisecond;
    const written = events.map((event) => {
      const logged: LoggedEvent = { ...event, position: this.nextPosition, created };
      this.nextPosition += recordOverhead + BigInt(event.data.length + event.customMetadata.length);
      this.log.push(logged);
      return logged;
    });
    for (const listener of this.listeners) listener(written);
    return written;
  }
}

function systemEvent(
  streamName: string,
  revision: bigint,
  type: string,
  data: Uint8Array,
  contentType = 'application/octet-stream',
): Omit<LoggedEvent, 'position' | 'created'> {
  return {
    id: randomUUID(),
    streamName,
    revision,
    type,
    contentType,
    data,
    customMetadata: new Uint8Array(),
  };
}

function satisfies(expected: ExpectedState, current: bigint | undefined): boolean {
  switch (expected.kind) {
    case 'any':
      return true;
    case 'no_stream':
      return current === undefined;
    case 'stream_exists':
      return current !== undefined;
    case 'revision':
      return current === expected.revision;
    default: {
      const never: never = expected;
      throw new Error(`Unknown expected state ${JSON.stringify(never)}`);
    }
  }
}
