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

export type AppendOutcome =
  | { appended: true; currentRevision: bigint | undefined; position: bigint | undefined }
  | { appended: false; currentRevision: bigint | undefined };

const ticksPerMillisecond = 10_000n;
/** Bytes a record takes in the log besides its payload, so positions grow like EventStoreDB's byte offsets. */
const recordOverhead = 128n;

/**
 * The test server's whole database: every event in one ordered log ($all) and an index per
 * stream. Appends are synchronous, so each one is atomic and listeners see them in log order.
 */
export class InMemoryEventLog {
  private readonly log: LoggedEvent[] = [];
  private readonly streams = new Map<string, LoggedEvent[]>();
  private readonly listeners = new Set<(events: LoggedEvent[]) => void>();
  private nextPosition = 0n;

  /** The stream's last revision, or undefined when it does not exist. */
  currentRevision(streamName: string): bigint | undefined {
    return this.streams.get(streamName)?.at(-1)?.revision;
  }

  append(streamName: string, expected: ExpectedState, proposed: ProposedEvent[]): AppendOutcome {
    const current = this.currentRevision(streamName);
    if (!satisfies(expected, current)) return { appended: false, currentRevision: current };
    if (proposed.length === 0) return { appended: true, currentRevision: current, position: undefined };
    const stream = this.streams.get(streamName) ?? [];
    this.streams.set(streamName, stream);
    const created = BigInt(Date.now()) * ticksPerMillisecond;
    const written = proposed.map((event) => {
      const logged: LoggedEvent = {
        ...event,
        streamName,
        revision: BigInt(stream.length),
        position: this.nextPosition,
        created,
      };
      this.nextPosition += recordOverhead + BigInt(event.data.length + event.customMetadata.length);
      stream.push(logged);
      this.log.push(logged);
      return logged;
    });
    for (const listener of this.listeners) listener(written);
    const last = written[written.length - 1];
    return { appended: true, currentRevision: last.revision, position: last.position };
  }

  stream(streamName: string): readonly LoggedEvent[] | undefined {
    return this.streams.get(streamName);
  }

  all(): readonly LoggedEvent[] {
    return this.log;
  }

  /** Calls `listener` with every later append; returns the unsubscribe function. */
  onAppend(listener: (events: LoggedEvent[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
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
