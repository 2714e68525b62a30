import { type RecordedEvent, schemaReady, type SqlClient } from '@shipping/event-store';
import { PARKED_EVENTS_MIGRATIONS } from './parked-events.migrations';

export interface ParkedEvent {
  subscription: string;
  event: RecordedEvent;
  error: string;
  /** The event parked first on this stream, when this one waits behind it; else undefined. */
  behind?: string;
  attempts: number;
  parkedAt: Date;
  retryRequested: boolean;
}

interface ParkedRow {
  subscription: string;
  event_id: string;
  stream_name: string;
  event: StoredEvent;
  error: string;
  behind_event_id: string | null;
  attempts: number;
  parked_at: Date;
  retry_requested_at: Date | null;
}

type StoredEvent = Omit<RecordedEvent, 'revision' | 'position' | 'createdAt'> & {
  revision: string;
  position: { commit: string; prepare: string };
  createdAt: string;
};

const toStored = (event: RecordedEvent): StoredEvent => ({
  ...event,
  revision: event.revision.toString(),
  position: { commit: event.position.commit.toString(), prepare: event.position.prepare.toString() },
  createdAt: event.createdAt.toISOString(),
});

const fromStored = (stored: StoredEvent): RecordedEvent => ({
  ...stored,
  revision: BigInt(stored.revision),
  position: { commit: BigInt(stored.position.commit), prepare: BigInt(stored.position.prepare) },
  createdAt: new Date(stored.createdAt),
});

const fromRow = (row: ParkedRow): ParkedEvent => ({
  subscription: row.subscription,
  event: fromStored(row.event),
  error: row.error,
  behind: row.behind_event_id ?? undefined,
  attempts: row.attempts,
  parkedAt: new Date(row.parked_at),
  retryRequested: row.retry_requested_at !== null,
});

/** What `parkBehind` did with an event of a stream that had parked events. */
export type ParkedBehind = 'parked' | 'earlier' | 'clear';

/** A stream's parked events in the stream's order (instances parking side by side may not park in it). */
const inStreamOrder = (rows: (ParkedRow & { seq: string })[]): ParkedEvent[] =>
  rows
    .map((row) => ({ row, revision: BigInt(row.event.revision), seq: BigInt(row.seq) }))
    .sort((a, b) => compare(a.revision, b.revision) || compare(a.seq, b.seq))
    .map(({ row }) => fromRow(row));

const compare = (a: bigint, b: bigint) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * How long a retry's holder keeps a stream's parked events without renewing: past it, another
 * instance takes them over (the holder died). The holder renews before each event it hands over,
 * each of which the transport bounds to seconds.
 */
export const PARKED_RETRY_LEASE_MS = 5 * 60_000;

/** A row nobody holds, or whose holder's lease ran out at `$now`. */
const unheldAt = (now: string) =>
  `(retry_holder is null or retry_lease_until is null or retry_lease_until <= ${now})`;

const COLUMNS = `subscription, event_id, stream_name, event, error, behind_event_id, attempts, parked_at,
  retry_requested_at`;

/**
 * Events a stored subscription gave up on, kept in the app's own SQL store: the event, the
 * subscription whose handler failed and its last error. An event of a stream that has parked
 * events is parked behind them, so a stream's events are never handled out of order; they are
 * retried together, in their stream's order, once an operator asks for it.
 */
export class ParkedEvents {
  constructor(private readonly sql: SqlClient) {}

  async init(): Promise<void> {
    await schemaReady(this.sql, PARKED_EVENTS_MIGRATIONS);
  }

  /** Parks an event whose handler failed `attempts` times. */
  async park(subscription: string, event: RecordedEvent, error: string, attempts: number): Promise<void> {
    await this.sql.query(
      `insert into parked_events (subscription, event_id, stream_name, event, error, attempts)
       values ($1, $2, $3, $4, $5, $6) on conflict (subscription, event_id) do nothing`,
      [subscription, event.id, event.streamName, JSON.stringify(toStored(event)), error, attempts],
    );
  }

  /**
   * Parks an event behind the parked events of its stream when it comes after the first of them:
   * `parked` (now or before); `earlier` when it comes before them (an instance that started from
   * an older checkpoint hands over again an event the stream passed before it was parked: it is
   * handled as usual and the stream stays blocked); `clear` when the stream has none left (a retry
   * cleared it).
   */
  async parkBehind(subscription: string, event: RecordedEvent): Promise<ParkedBehind> {
    const { rows } = await this.sql.query<{ inserted: boolean; parked: boolean; first: string | null }>(
      `with first as (
         select event_id, (event->>'revision')::numeric as revision from parked_events
         where subscription = $1 and stream_name = $3 order by (event->>'revision')::numeric, seq limit 1),
       inserted as (
         insert into parked_events (subscription, event_id, stream_name, event, error, behind_event_id, attempts)
         select $1, $2, $3, $4, 'parked behind an earlier event of its stream', first.event_id, 0
         from first where first.revision < $5::numeric
         on conflict (subscription, event_id) do nothing
         returning 1)
       select exists (select 1 from inserted) as inserted,
              exists (select 1 from parked_events where subscription = $1 and event_id = $2) as parked,
              (select revision::text from first) as first`,
      [subscription, event.id, event.streamName, JSON.stringify(toStored(event)), event.revision.toString()],
    );
    const [{ inserted, parked, first }] = rows;
    if (inserted || parked) return 'parked';
    return first === null ? 'clear' : 'earlier';
  }

  /** The streams with parked events of `subscription`. */
  async blockedStreams(subscription: string): Promise<Set<string>> {
    const { rows } = await this.sql.query<{ stream_name: string }>(
      'select distinct stream_name from parked_events where subscription = $1',
      [subscription],
    );
    return new Set(rows.map((row) => row.stream_name));
  }

  async count(subscription?: string): Promise<number> {
    const { rows } = await this.sql.query<{ count: string }>(
      `select count(*)::text as count from parked_events where $1::text is null or subscription = $1`,
      [subscription ?? null],
    );
    return Number(rows[0].count);
  }

  async list(subscription?: string): Promise<ParkedEvent[]> {
    const { rows } = await this.sql.query<ParkedRow>(
      `select ${COLUMNS} from parked_events where $1::text is null or subscription = $1 order by seq`,
      [subscription ?? null],
    );
    return rows.map(fromRow);
  }

  /** Asks the running subscriptions to hand the parked events over again; answers how many. */
  async requestRetry(filter: { subscription?: string; eventId?: string } = {}): Promise<number> {
    const { rowCount } = await this.sql.query(
      `update parked_events set retry_requested_at = now(), retry_holder = null, retry_lease_until = null
       where ($1::text is null or subscription = $1)
         and ($2::text is null or stream_name in
              (select stream_name from parked_events where event_id = $2 and ($1::text is null or subscription = $1)))`,
      [filter.subscription ?? null, filter.eventId ?? null],
    );
    return rowCount;
  }

  /**
   * Takes the events of `subscription` whose retry was asked for (and those parked behind them
   * since), for `holder` alone under a lease: of instances asking at once, one gets each row.
   */
  async claimRetries(subscription: string, holder: string, now = new Date()): Promise<ParkedEvent[]> {
    const { rows } = await this.sql.query<ParkedRow>(
      `update parked_events set retry_holder = $2, retry_lease_until = $4
       where subscription = $1 and ${unheldAt('$3')}
         and stream_name in (select stream_name from parked_events
                             where subscription = $1 and retry_requested_at is not null)
       returning ${COLUMNS}, seq`,
      [subscription, holder, now.toISOString(), leaseEnd(now)],
    );
    return inStreamOrder(rows as (ParkedRow & { seq: string })[]);
  }

  /** Takes the unheld events of `streams` (parked behind while their retry ran), for `holder`. */
  async claimStreams(
    subscription: string,
    streams: string[],
    holder: string,
    now = new Date(),
  ): Promise<ParkedEvent[]> {
    if (streams.length === 0) return [];
    const { rows } = await this.sql.query<ParkedRow & { seq: string }>(
      `update parked_events set retry_holder = $2, retry_lease_until = $5
       where subscription = $1 and ${unheldAt('$4')} and stream_name = any($3)
       returning ${COLUMNS}, seq`,
      [subscription, holder, streams, now.toISOString(), leaseEnd(now)],
    );
    return inStreamOrder(rows);
  }

  /** Extends `holder`'s lease on the parked events of `stream` it is retrying. */
  async renewRetry(subscription: string, stream: string, holder: string, now = new Date()): Promise<void> {
    await this.sql.query(
      `update parked_events set retry_lease_until = $4
       where subscription = $1 and stream_name = $2 and retry_holder = $3`,
      [subscription, stream, holder, leaseEnd(now)],
    );
  }

  async handled(subscription: string, eventId: string): Promise<void> {
    await this.sql.query('delete from parked_events where subscription = $1 and event_id = $2', [
      subscription,
      eventId,
    ]);
  }

  /** A retried event failed again: it stays parked, and so does the rest of its stream. */
  async failedAgain(subscription: string, event: RecordedEvent, error: string): Promise<void> {
    await this.sql.query(
      `update parked_events set error = case when event_id = $3 then $4 else error end,
         attempts = attempts + case when event_id = $3 then 1 else 0 end,
         retry_requested_at = null, retry_holder = null, retry_lease_until = null
       where subscription = $1 and stream_name = $2`,
      [subscription, event.streamName, event.id, error],
    );
  }
}

const leaseEnd = (now: Date) => new Date(now.getTime() + PARKED_RETRY_LEASE_MS).toISOString();
