import {
  balanceChangeOf,
  type IndexedEntry,
  isCreditKey,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerFacts,
  ledgerEntryOf,
  type LedgerLookup,
  ledgerLookupFor,
  type LedgerState,
  ledgerStateFor,
  modeOfLedgerStream,
} from '@shipping/ledger-domain';
import { type EventStore, type RecordedEvent, schemaReady, type SqlClient } from '@shipping/event-store';
import type { KnownState, StateLoader } from '@shipping/platform/commands';
import { LRUCache } from 'lru-cache';
import { BATCH_MIGRATIONS } from '../batch.migrations';
import { creditFromStream } from './ledger-credit-backfill';

/** How far a ledger stream is indexed: every event up to `revision`, and the balance after it. */
export interface LedgerHead {
  revision: bigint | undefined;
  balanceCents: number;
}

const HEADS_KEPT = 1_000;
const ROWS_PER_INSERT = 500;

interface EntryRow {
  key: string | null;
  amount_cents: string | number | null;
  reference: string | null;
  balance_after_cents: string | number | null;
  revision: string | null;
}

/**
 * The ledger's index, derived from its streams alone: one row per event (`ledger_entries`, by the
 * key the event dedupes by, with the balance after it and a credit's reference) and one per stream
 * (`ledger_heads`: the revision indexed up to and the balance there), each with the mode of its
 * stream's credit. Entries are written before
 * the head moves past them, and a command is decided only after the index caught up with the
 * stream, so every key of every event up to the revision it appends at is in the table: the
 * decision is the one a fold of the whole stream would give, from a few rows. Any instance catches
 * up on what another wrote; rows it finds already written are the same rows. Emptying both tables
 * while the app is stopped rebuilds their rows at the next command of each account, from its
 * stream. A credit's row indexed before it kept a reference is filled in from the stream when a
 * command first reads it (`creditFromStream`).
 */
export class LedgerIndex implements StateLoader<LedgerCommand, LedgerEvent, LedgerState> {
  /** Heads this process indexed: the stream is read from there, never from a head row again. */
  private readonly heads = new LRUCache<string, LedgerHead>({ max: HEADS_KEPT });

  constructor(
    private readonly store: EventStore,
    private readonly sql: SqlClient,
  ) {}

  async createTables(): Promise<void> {
    await schemaReady(this.sql, BATCH_MIGRATIONS);
  }

  /** Indexes what the stream holds beyond the head, and answers the head at the stream's end. */
  async catchUp(stream: string): Promise<LedgerHead> {
    const head = this.heads.get(stream) ?? (await this.storedHead(stream));
    const recorded = await this.store.readStream(
      stream,
      head.revision === undefined ? {} : { fromRevision: head.revision + 1n },
    );
    const next = await this.index(stream, head, recorded);
    this.keep(stream, next);
    return next;
  }

  /**
   * The state `command` is decided on, as `handleCommand` loads it: the stream indexed up to its
   * end, then the balance and the rows of the command's own keys.
   */
  async load(stream: string, command: LedgerCommand): Promise<KnownState<LedgerState>> {
    const head = await this.catchUp(stream);
    const facts = await this.facts(stream, head, ledgerLookupFor(command));
    return { state: ledgerStateFor(command, facts), revision: head.revision };
  }

  /**
   * Indexes events this process has just appended, so the next command reads nothing. Should the
   * index miss them now, the next command indexes them from the stream: the command stands.
   */
  async appended(
    stream: string,
    before: KnownState<LedgerState>,
    events: LedgerEvent[],
    after: KnownState<LedgerState>,
  ): Promise<void> {
    const last = after.revision as bigint;
    const first = last - BigInt(events.length) + 1n;
    const recorded = events.map((event, offset) => ({ ...event, revision: first + BigInt(offset) }));
    const head = { revision: before.revision, balanceCents: before.state.balanceCents };
    await this.index(stream, head, recorded).catch(() => undefined);
  }

  private async facts(stream: string, head: LedgerHead, lookup: LedgerLookup): Promise<LedgerFacts> {
    const { rows } = await this.sql.query<EntryRow>(
      `select key, amount_cents, reference, balance_after_cents, revision from ledger_entries
        where stream = $1 and key = any($2)
       union all
       select null, sum(amount_cents), null, null, null from ledger_entries where stream = $1 and parent = $3`,
      [stream, lookup.keys, lookup.refundsOf ?? null],
    );
    const entries = new Map<string, IndexedEntry>();
    for (const row of rows) if (row.key !== null) entries.set(row.key, await this.entryOf(stream, row));
    const refunds = rows.find((row) => row.key === null);
    return {
      balanceCents: head.balanceCents,
      entries,
      refundedCents: Number(refunds?.amount_cents ?? 0),
    };
  }

  /** A row as a command reads it; a credit indexed before the row kept its reference is filled in first. */
  private async entryOf(stream: string, row: EntryRow): Promise<IndexedEntry> {
    const key = row.key as string;
    const amountCents = Number(row.amount_cents);
    if (!isCreditKey(key)) return { amountCents };
    if (row.reference !== null && row.balance_after_cents !== null)
      return { amountCents, reference: row.reference, balanceAfterCents: Number(row.balance_after_cents) };
    const credit = await creditFromStream(this.store, stream, key, BigInt(row.revision as string));
    await this.sql.query(
      'update ledger_entries set reference = $3, balance_after_cents = $4 where stream = $1 and key = $2',
      [stream, key, credit.reference, credit.balanceAfterCents],
    );
    return { amountCents, ...credit };
  }

  private async storedHead(stream: string): Promise<LedgerHead> {
    const { rows } = await this.sql.query<{ revision: string; balance_cents: string | number }>(
      'select revision, balance_cents from ledger_heads where stream = $1',
      [stream],
    );
    const row = rows[0];
    return row
      ? { revision: BigInt(row.revision), balanceCents: Number(row.balance_cents) }
      : { revision: undefined, balanceCents: 0 };
  }

  /**
   * Writes the entries of `recorded`, then moves the head past them: in one statement for the
   * events of a command, page by page for a long catch-up (a head never passes a missing entry).
   */
  private async index(
    stream: string,
    head: LedgerHead,
    recorded: Pick<RecordedEvent, 'type' | 'data' | 'revision'>[],
  ): Promise<LedgerHead> {
    if (recorded.length === 0) return head;
    let balanceCents = head.balanceCents;
    const pages = Math.ceil(recorded.length / ROWS_PER_INSERT);
    for (let page = 0; page < pages; page++) {
      const events = recorded.slice(page * ROWS_PER_INSERT, (page + 1) * ROWS_PER_INSERT);
      const params: unknown[] = [stream, modeOfLedgerStream(stream)];
      const values = events.map((event) => {
        const entry = ledgerEntryOf(event as LedgerEvent);
        balanceCents += balanceChangeOf(event as LedgerEvent);
        const row = [
          entry.key,
          entry.parent ?? null,
          entry.amountCents,
          event.revision.toString(),
          entry.reference ?? null,
          balanceCents,
        ];
        const first = params.length + 1;
        params.push(...row);
        return `($1, $2, ${row.map((_, offset) => `$${first + offset}`).join(', ')})`;
      });
      const insertEntries = `insert into ledger_entries
        (stream, mode, key, parent, amount_cents, revision, reference, balance_after_cents)
        values ${values.join(', ')} on conflict (stream, key) do nothing`;
      if (page < pages - 1) {
        await this.sql.query(insertEntries, params);
        continue;
      }
      const revision = events[events.length - 1].revision.toString();
      params.push(revision, balanceCents);
      await this.sql.query(
        `with entries as (${insertEntries})
         insert into ledger_heads (stream, mode, revision, balance_cents) values ($1, $2, $${params.length - 1}, $${params.length})
         on conflict (stream) do update set revision = excluded.revision, balance_cents = excluded.balance_cents
         where ledger_heads.revision < excluded.revision`,
        params,
      );
    }
    const next = { revision: recorded[recorded.length - 1].revision, balanceCents };
    this.keep(stream, next);
    return next;
  }

  private keep(stream: string, head: LedgerHead): void {
    const kept = this.heads.get(stream);
    if (kept?.revision !== undefined && head.revision !== undefined && kept.revision >= head.revision) return;
    this.heads.set(stream, head);
  }
}
