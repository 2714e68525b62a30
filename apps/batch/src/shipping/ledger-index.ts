import {
  balanceChangeOf,
  type LedgerEvent,
  type LedgerFacts,
  ledgerEntryOf,
  type LedgerLookup,
} from '@shipping/batch-domain';
import { type EventStore, type RecordedEvent, schemaReady, type SqlClient } from '@shipping/event-store';
import { LruCache } from '@shipping/platform';
import { BATCH_MIGRATIONS } from '../batch.migrations';

/** How far a ledger stream is indexed: every event up to `revision`, and the balance after it. */
export interface LedgerHead {
  revision: bigint | undefined;
  balanceCents: number;
}

const HEADS_KEPT = 1_000;
const ROWS_PER_INSERT = 500;

/**
 * The ledger's index, derived from its streams alone: one row per event (`ledger_entries`, by the
 * key the event dedupes by) and one per stream (`ledger_heads`: the revision indexed up to and the
 * balance there). Entries are written before the head moves past them, and a command is decided
 * only after the index caught up with the stream, so every key of every event up to the revision
 * it appends at is in the table: the decision is the one a fold of the whole stream would give,
 * from a few rows. Any instance catches up on what another wrote; rows it finds already written
 * are the same rows. Emptying both tables while the app is stopped rebuilds their rows at the
 * next command of each account, from its stream.
 */
export class LedgerIndex {
  /** Heads this process indexed: the stream is read from there, never from a head row again. */
  private readonly heads = new LruCache<LedgerHead>(HEADS_KEPT);

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

  /** Indexes events this process has just appended after `head`, so the next command reads nothing. */
  async appended(stream: string, head: LedgerHead, events: LedgerEvent[], lastRevision: bigint) {
    const first = lastRevision - BigInt(events.length) + 1n;
    const recorded = events.map((event, offset) => ({ ...event, revision: first + BigInt(offset) }));
    return this.index(stream, head, recorded);
  }

  async facts(stream: string, head: LedgerHead, lookup: LedgerLookup): Promise<LedgerFacts> {
    const { rows } = await this.sql.query<{ key: string | null; amount_cents: string | number | null }>(
      `select key, amount_cents from ledger_entries where stream = $1 and key = any($2)
       union all
       select null, sum(amount_cents) from ledger_entries where stream = $1 and parent = $3`,
      [stream, lookup.keys, lookup.refundsOf ?? null],
    );
    const entries = rows.filter((row) => row.key !== null);
    const refunds = rows.find((row) => row.key === null);
    return {
      balanceCents: head.balanceCents,
      entries: new Map(entries.map((row) => [row.key as string, Number(row.amount_cents)])),
      refundedCents: Number(refunds?.amount_cents ?? 0),
    };
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
      const params: unknown[] = [stream];
      const values = events.map((event) => {
        const entry = ledgerEntryOf(event as LedgerEvent);
        balanceCents += balanceChangeOf(event as LedgerEvent);
        params.push(entry.key, entry.parent ?? null, entry.amountCents, event.revision.toString());
        const at = params.length;
        return `($1, $${at - 3}, $${at - 2}, $${at - 1}, $${at})`;
      });
      const insertEntries = `insert into ledger_entries (stream, key, parent, amount_cents, revision)
        values ${values.join(', ')} on conflict (stream, key) do nothing`;
      if (page < pages - 1) {
        await this.sql.query(insertEntries, params);
        continue;
      }
      const revision = events[events.length - 1].revision.toString();
      params.push(revision, balanceCents);
      await this.sql.query(
        `with entries as (${insertEntries})
         insert into ledger_heads (stream, revision, balance_cents) values ($1, $${params.length - 1}, $${params.length})
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
