import {
  WrongExpectedVersionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
  type Subscription,
  type SubscriptionHandler,
} from '../event-store';
import type { QueryOptions, SqlClient } from '../sql-client';
import { allQuery, type AllQuery } from './all-query';
import { AllTail } from './all-tail';
import { appendStatement, type ChainLink, prepareBatch, streamStart } from './append-statement';
import { chainStreams, chainUnchainedEvents } from './chain-backfill';
import { StreamHeads } from './stream-heads';
import { eventColumns, rowPosition, toRecordedEvent, type EventRow } from './event-rows';
import { PollingSubscription, type SubscriptionPage } from './polling-subscription';
import { eventsMigrations } from './event-store.migrations';
import { migrate } from './migrations';
import {
  eventIdConstraint,
  eventStoreTables,
  streamRevisionConstraint,
  type EventStoreTables,
} from './schema';
import { maxCountParam, type QueryRows, toBigInt, uniqueViolation } from './sql-values';

export interface PostgresEventStoreOptions {
  /** PostgreSQL schema of the tables; default `event_store`. */
  schema?: string;
  /** How soon a live subscription looks again for events appended elsewhere; default 100 ms... */
  pollIntervalMs?: number;
  /** ...doubling while it finds none, up to this; default 1,000 ms. */
  maxPollIntervalMs?: number;
  /** Rows per page when a subscription catches up; default 500. */
  pageSize?: number;
  /** Newest events of $all kept for the store's live subscriptions to share; default 4 pages. */
  tailSize?: number;
}

/** An event id that is already stored (in any stream). Nothing of the append was written. */
export class DuplicateEventIdError extends Error {
  constructor(readonly streamName: string) {
    super(`An event appended to ${streamName} has an id that is already stored`);
    this.name = 'DuplicateEventIdError';
  }
}

/** 'any' and 'stream_exists' retry when a concurrent writer took the revision first. */
const maxAttempts = 50;

interface TailRead {
  key: string;
  appends: number;
  at: number;
  page: Promise<RecordedEvent[]>;
}

interface AppendedRow {
  revision: string;
  commit_position: string;
  prepare_position: string;
}

/** The EventStore on PostgreSQL: the same SQL runs on a server (`pg`) and embedded (PGlite). */
export class PostgresEventStore implements EventStore {
  private readonly tables: EventStoreTables;
  private readonly pollIntervalMs: number;
  private readonly maxPollIntervalMs: number;
  private readonly pageSize: number;
  private readonly subscriptions = new Set<PollingSubscription>();
  private readonly tail: AllTail;
  /** The last read past the tail's end, shared by the subscriptions that need the same one. */
  private tailRead?: TailRead;
  /** Appends through this store so far: one makes an earlier read past the tail's end out of date. */
  private appends = 0;
  private closed = false;
  private readonly heads = new StreamHeads();

  constructor(
    private readonly client: SqlClient,
    options: PostgresEventStoreOptions = {},
  ) {
    this.tables = eventStoreTables(options.schema);
    this.pollIntervalMs = options.pollIntervalMs ?? 100;
    this.maxPollIntervalMs = Math.max(options.maxPollIntervalMs ?? 1_000, this.pollIntervalMs);
    this.pageSize = options.pageSize ?? 500;
    this.tail = new AllTail(options.tailSize ?? this.pageSize * 4);
  }

  /**
   * Migrates the schema and chains the events stored without a hash; safe to run at every start,
   * from several processes at once. Answers how many events it chained.
   */
  async init(): Promise<{ chained: number }> {
    await migrate(this.client, eventsMigrations(this.tables));
    return { chained: await chainUnchainedEvents(this.client, this.tables.events) };
  }

  async appendToStream(
    streamName: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    const queryRows: QueryRows = async <R>(sql: string, params: unknown[], queryOptions?: QueryOptions) =>
      (await this.client.query<R>(sql, params, queryOptions)).rows;
    const result = await this.append(queryRows, streamName, events, options.expectedRevision ?? 'any');
    this.appends++;
    for (const subscription of this.subscriptions) subscription.wake();
    return result;
  }

  /**
   * Appends inside the caller's transaction (read-model rows and events committed together, or a
   * test that holds the transaction open). Live subscriptions of this store find these events
   * by polling, once the caller commits.
   */
  async appendInTransaction(
    tx: SqlClient,
    streamName: string,
    events: EventData[],
    options: { expectedRevision?: ExpectedRevision } = {},
  ): Promise<AppendResult> {
    this.assertOpen();
    // A savepoint per attempt: a failed insert must not abort the caller's transaction.
    const queryRows: QueryRows = <R>(sql: string, params: unknown[], queryOptions?: QueryOptions) =>
      tx.transaction(async (savepoint) => (await savepoint.query<R>(sql, params, queryOptions)).rows);
    return this.append(queryRows, streamName, events, options.expectedRevision ?? 'any');
  }

  async readStream(streamName: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const forwards = (options.direction ?? 'forwards') === 'forwards';
    const params: unknown[] = [streamName, maxCountParam(options.maxCount)];
    let from = '';
    if (options.fromRevision !== undefined) {
      params.push(options.fromRevision.toString());
      from = `and e.stream_revision ${forwards ? '>=' : '<='} $3::bigint`;
    }
    const { rows } = await this.client.query<EventRow>(
      `select ${eventColumns} from ${this.tables.events} e
       where e.stream_name = $1 ${from}
       order by e.stream_revision ${forwards ? 'asc' : 'desc'}
       limit $2::bigint`,
      params,
    );
    return rows.map(toRecordedEvent);
  }

  /**
   * A consistent prefix of $all: events still behind a running transaction appear once it ends
   * (unless `includeNotFinal`, for counting them).
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    this.assertOpen();
    const page = await this.readAllPage({
      direction: options.direction ?? 'forwards',
      after: options.after,
      maxCount: options.maxCount,
      includeNotFinal: options.includeNotFinal,
    });
    return page.events;
  }

  subscribeToAll(handler: SubscriptionHandler, options: SubscribeToAllOptions = {}): Subscription {
    this.assertOpen();
    const prefixes = options.streamNamePrefixes;
    const subscription = new PollingSubscription(
      {
        readPage: (after, maxCount) => this.readSubscriptionPage(after, maxCount, prefixes),
        headPosition: () => this.headPosition(),
      },
      handler,
      {
        after: options.after,
        pageSize: this.pageSize,
        pollIntervalMs: this.pollIntervalMs,
        maxPollIntervalMs: this.maxPollIntervalMs,
      },
      () => this.subscriptions.delete(subscription),
    );
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await Promise.all([...this.subscriptions].map((subscription) => subscription.stop()));
    await this.client.close();
  }

  private async append(
    queryRows: QueryRows,
    streamName: string,
    events: EventData[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    if (streamName === '') throw new TypeError('Stream name must not be empty');
    if (events.length === 0) throw new TypeError(`Nothing to append to ${streamName}: no events`);
    if (typeof expected === 'bigint' && expected < 0n)
      throw new RangeError(`Expected revision must not be negative: ${expected}`);
    const retries = expected === 'any' || expected === 'stream_exists';
    let useKeptHead = true;
    for (let attempt = 1; ; attempt++) {
      const previous = await this.previousLink(queryRows, streamName, expected, useKeptHead);
      if (!previous) throw await this.wrongExpectedVersion(queryRows, streamName, expected);
      const batch = prepareBatch(streamName, events, previous);
      const statement = appendStatement(this.tables.events, streamName, batch, previous);
      let rows: AppendedRow[];
      try {
        rows = await queryRows<AppendedRow>(statement.sql, statement.params, { name: statement.name });
      } catch (error) {
        const violation = uniqueViolation(error);
        if (violation?.constraint === eventIdConstraint) throw new DuplicateEventIdError(streamName);
        if (violation?.constraint !== streamRevisionConstraint) throw error;
        this.heads.forget(streamName);
        useKeptHead = false;
        if (retries && attempt < maxAttempts) continue;
        throw await this.wrongExpectedVersion(queryRows, streamName, expected);
      }
      // No row: `previous` is not the stored event it was taken for (a head kept from an append
      // rolled back with its caller's transaction); read it again once.
      if (rows.length === 0) {
        this.heads.forget(streamName);
        if (useKeptHead) {
          useKeptHead = false;
          continue;
        }
        throw await this.wrongExpectedVersion(queryRows, streamName, expected);
      }
      this.heads.set(streamName, batch.last);
      return { nextExpectedRevision: toBigInt(rows[0].revision), position: rowPosition(rows[0]) };
    }
  }

  /**
   * The event the append follows: none for `no_stream`, the one at the expected revision, or the
   * stream's last. Undefined when the expected one is not there. A head this process kept spares
   * the read; an unchained one (written by older code) is chained first.
   */
  private async previousLink(
    queryRows: QueryRows,
    streamName: string,
    expected: ExpectedRevision,
    useKeptHead: boolean,
  ): Promise<ChainLink | undefined> {
    if (expected === 'no_stream') return streamStart;
    const kept = useKeptHead ? this.heads.get(streamName) : undefined;
    if (kept && (typeof expected !== 'bigint' || kept.revision === expected)) return kept;
    const link = await this.storedLink(queryRows, streamName, expected);
    if (link?.hash !== null) return link;
    await chainStreams(queryRows, this.tables.events, [streamName]);
    return this.storedLink(queryRows, streamName, expected);
  }

  private async storedLink(
    queryRows: QueryRows,
    streamName: string,
    expected: ExpectedRevision,
  ): Promise<ChainLink | undefined> {
    const at = typeof expected === 'bigint' ? 'and stream_revision = $2::bigint' : '';
    const [row] = await queryRows<{ revision: string; hash: string | null }>(
      `select stream_revision::text as revision, event_hash as hash from ${this.tables.events}
       where stream_name = $1 ${at} order by stream_revision desc limit 1`,
      typeof expected === 'bigint' ? [streamName, expected.toString()] : [streamName],
    );
    if (!row) return expected === 'any' ? streamStart : undefined;
    return { revision: toBigInt(row.revision), hash: row.hash };
  }

  private async wrongExpectedVersion(queryRows: QueryRows, streamName: string, expected: ExpectedRevision) {
    const [row] = await queryRows<{ revision: string | null }>(
      `select max(stream_revision)::text as revision from ${this.tables.events} where stream_name = $1`,
      [streamName],
    );
    const actual = row?.revision == null ? 'no_stream' : toBigInt(row.revision);
    return new WrongExpectedVersionError(streamName, expected, actual);
  }

  private async readAllPage(query: AllQuery): Promise<SubscriptionPage> {
    const { sql, params } = allQuery(this.tables, query);
    const { rows } = await this.client.query<EventRow & { matched: boolean }>(sql, params);
    const last = rows.at(-1);
    return {
      events: rows.filter((row) => row.matched).map(toRecordedEvent),
      scanned: rows.length,
      last: last && rowPosition(last),
    };
  }

  /**
   * A live subscription's page. With two or more subscriptions on the store, pages near the head of
   * $all come from the shared tail, and only what lies past its end is read (once) from the
   * database; a subscription behind the tail, or the only one, reads its own filtered page.
   */
  private async readSubscriptionPage(
    after: Position | undefined,
    limit: number,
    prefixes: string[] | undefined,
  ): Promise<SubscriptionPage> {
    if (this.subscriptions.size < 2 || this.tail.isBehind(after)) {
      return this.readAllPage({
        direction: 'forwards',
        after,
        maxCount: limit,
        streamNamePrefixes: prefixes,
      });
    }
    let events = this.tail.covers(after) ? this.tail.after(after, limit) : [];
    if (events.length < limit) {
      const fresh = await this.readTailPage(events.at(-1)?.position ?? after);
      events = events.concat(fresh.slice(0, limit - events.length));
    }
    return {
      events: prefixes
        ? events.filter((event) => prefixes.some((prefix) => event.streamName.startsWith(prefix)))
        : events,
      scanned: events.length,
      last: events.at(-1)?.position,
    };
  }

  /**
   * A page past `after`, read once for every subscription that asks for it while no append went
   * through this store and within a poll interval: a wake-up or a poll finds what the others found.
   * Events appended by other processes or inside a caller's transaction are found by the next read
   * after that, as they are by polling.
   */
  private readTailPage(after: Position | undefined): Promise<RecordedEvent[]> {
    const key = after ? `${after.commit}/${after.prepare}` : '';
    const last = this.tailRead;
    const now = performance.now();
    if (last && last.key === key && last.appends === this.appends && now - last.at < this.pollIntervalMs)
      return last.page;
    const page = this.readAllPage({ direction: 'forwards', after, maxCount: this.pageSize }).then((read) =>
      this.tail.remember(after, read.events),
    );
    this.tailRead = { key, appends: this.appends, at: now, page };
    // A failed read is not shared: the next subscription to ask reads again.
    page.catch(() => {
      if (this.tailRead?.page === page) this.tailRead = undefined;
    });
    return page;
  }

  private async headPosition(): Promise<Position | undefined> {
    const { rows } = await this.client.query<{ commit_position: string; prepare_position: string }>(
      `select transaction_id::text as commit_position, global_position::text as prepare_position
       from ${this.tables.events} order by transaction_id desc, global_position desc limit 1`,
    );
    return rows[0] && rowPosition(rows[0]);
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('The event store is closed');
  }
}
