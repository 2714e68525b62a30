import type { SqlClient } from '@shipping/event-store';
import { FencedLeases, type Lease, LeaseLost, type LeaseTable } from './fenced-leases';

/** A table of work held under fenced leases: it also has a `holder text` column. */
export interface LeasedWorkTable extends LeaseTable {
  /** The columns `add` and `claim` write, each with its SQL type; the key's among them. */
  columns: Readonly<Record<string, string>>;
  /** The order free rows are taken in: the oldest first. */
  order: string;
}

/** A row taken under a lease: its columns, and the lease every write of its work names. */
export type Held<Row> = Row & { lease: Lease };

type Values = readonly object[];

/**
 * The one way work is leased to an instance: rows of one table claimed, renewed, released and
 * swept (LeaseSweep) under fenced leases timed by the database's clock (FencedLeases), so every
 * instance takes part, no two hold a row at once, and a dead holder's row is taken over once its
 * lease ran out by that clock, whatever the clock of the process asking.
 */
export class LeasedWork {
  readonly leases: FencedLeases;
  private readonly names: string;
  private readonly expiresAt: string;

  constructor(
    private readonly sql: SqlClient,
    readonly table: LeasedWorkTable,
  ) {
    this.leases = new FencedLeases(sql, table);
    this.names = Object.keys(table.columns).join(', ');
    this.expiresAt = table.expiresAt ?? 'lease_expires_at';
  }

  /** Adds rows nobody holds yet, for whoever claims them first; a row there already stays as it is. */
  async add(rows: Values): Promise<void> {
    if (rows.length === 0) return;
    await this.sql.query(
      `insert into ${this.table.name} (${this.names}) ${this.selectGiven()}
       on conflict (${this.table.key}) do nothing`,
      [JSON.stringify(rows)],
    );
  }

  /**
   * Claims the rows for `holder`: a new one is inserted held, one nobody holds (its holder died
   * or let go) is taken over as it is, with the columns it was first written with. Rows another
   * holder has are left out of the answer. Rows are locked in key order, so claims never deadlock.
   */
  async claim<Row>(rows: Values, holder: string): Promise<Held<Row>[]> {
    if (rows.length === 0) return [];
    const { rows: taken } = await this.sql.query<Record<string, unknown>>(
      `insert into ${this.table.name} as t (${this.names}, holder, lease_token, ${this.expiresAt})
       select ${this.names}, $2, ${this.leases.newLease} from (${this.selectGiven()}) as given
       on conflict (${this.table.key}) do update set holder = excluded.holder, ${this.leases.takeLease('t')}
         where ${this.leases.isFree('t')}
       returning t.*`,
      [JSON.stringify(rows), holder],
    );
    return taken.map((row) => this.held<Row>(row));
  }

  /**
   * Takes up to `limit` rows nobody holds for `holder`, in the table's order, passing over rows
   * another claim is taking (`skip locked`); among `keys` only, when given.
   */
  async claimFree<Row>(
    holder: string,
    limit: number,
    keys?: readonly (string | number)[],
  ): Promise<Held<Row>[]> {
    const { name, key } = this.table;
    const { rows } = await this.sql.query<Record<string, unknown>>(
      `update ${name} set holder = $1, ${this.leases.takeLease()}
       where ${key} in (
         select ${key} from ${name}
         where ${this.leases.isFree()} and ($3::${this.keyType}[] is null or ${key} = any($3::${this.keyType}[]))
         order by ${this.table.order} limit $2
         for update skip locked)
       returning *`,
      [holder, limit, keys ? [...keys] : null],
    );
    return rows.map((row) => this.held<Row>(row));
  }

  /** Rows nobody holds, in the table's order, read and not taken: whoever works on one claims it. */
  async free<Row>(limit: number, where = 'true'): Promise<Row[]> {
    const { rows } = await this.sql.query<Row & Record<string, unknown>>(
      `select * from ${this.table.name} where ${this.leases.isFree()} and (${where})
       order by ${this.table.order} limit $1`,
      [limit],
    );
    return rows;
  }

  /** Writes `assignments` to the row while the lease still holds it; LeaseLost once it was lost. */
  async update(lease: Lease, assignments: string, values: readonly unknown[] = []): Promise<void> {
    const { rows } = await this.sql.query(
      `update ${this.table.name} set ${assignments} where ${this.leases.heldBy('$1', '$2')} returning 1 as updated`,
      [lease.key, lease.token, ...values],
    );
    if (rows.length === 0) throw new LeaseLost(this.table.name, lease);
  }

  /**
   * Lets go of a row still held: at once, or after `retryInMs` (its work failed); `also` names the
   * columns the release writes besides (a count of failures).
   */
  release(lease: Lease, retryInMs = 0, also?: string): Promise<void> {
    return this.leases.release(lease, retryInMs, also);
  }

  /** Deletes the row if the lease still holds it: its work is done. */
  remove(lease: Lease): Promise<boolean> {
    return this.leases.remove(lease);
  }

  private get keyType(): string {
    return this.table.keyType ?? 'text';
  }

  private selectGiven(): string {
    const columns = Object.entries(this.table.columns).map(([column, type]) => `${column} ${type}`);
    return `select ${this.names} from jsonb_to_recordset($1::jsonb) as given (${columns.join(', ')})
      order by ${this.table.key}`;
  }

  private held<Row>(row: Record<string, unknown>): Held<Row> {
    const { lease_token, ...columns } = row;
    return {
      ...(columns as Row),
      lease: this.leases.leaseOf(columns[this.table.key] as string, lease_token),
    };
  }
}
