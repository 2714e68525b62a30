import type { SqlClient } from '@shipping/event-store';

/** The lease one holder took on one row: every write under it names the row and this token. */
export interface Lease {
  readonly key: string | number;
  /** The row's lease generation when it was taken: a later claim takes a greater one. */
  readonly token: string;
}

/** The table whose rows are leased: it has `lease_token bigint` and an expiry column (`timestamptz`). */
export interface LeaseTable {
  name: string;
  /** The column that names a row. */
  key: string;
  /** How long a lease holds without being renewed. */
  leaseMs: number;
  /** The expiry column, `lease_expires_at` unless named; null there means free. */
  expiresAt?: string;
}

export class LeaseLost extends Error {
  constructor(
    readonly table: string,
    readonly lease: Lease,
  ) {
    super(
      `The lease on ${table} ${lease.key} (token ${lease.token}) was taken over or ran out; its work stops.`,
    );
    this.name = 'LeaseLost';
  }
}

/**
 * Fenced leases on the rows of one table, timed by the database's clock. A claim (written by the
 * table's owner with `takeLease` and `isFree`) adds one to the row's `lease_token` and answers it;
 * renewals, releases and every write under the lease name that token and find the row only while
 * it is still held (`heldBy`), in the same statement. So a holder that stalled past its lease, or
 * whose own clock runs ahead, can neither take a live lease nor write once another holder took it.
 */
export class FencedLeases {
  private readonly expiry: string;
  private readonly expiresAt: string;

  constructor(
    private readonly sql: SqlClient,
    readonly table: LeaseTable,
  ) {
    if (!Number.isSafeInteger(table.leaseMs) || table.leaseMs <= 0)
      throw new Error(`A lease of ${table.leaseMs} ms on ${table.name} is no lease`);
    this.expiry = `clock_timestamp() + interval '${table.leaseMs} milliseconds'`;
    this.expiresAt = table.expiresAt ?? 'lease_expires_at';
  }

  /** The assignments of a claim that takes the lease of the row `alias`. */
  takeLease(alias = this.table.name): string {
    return `lease_token = ${alias}.lease_token + 1, ${this.expiresAt} = ${this.expiry}`;
  }

  /** The values of `lease_token` and the expiry for a row inserted already leased. */
  get newLease(): string {
    return `1, ${this.expiry}`;
  }

  /** Whether nobody holds the row `alias`: its lease ran out or was released. */
  isFree(alias = this.table.name): string {
    return `(${alias}.${this.expiresAt} is null or ${alias}.${this.expiresAt} <= clock_timestamp())`;
  }

  /** The condition of a write under a lease: the row is still held under the token. */
  heldBy(keyParam: string, tokenParam: string, alias = this.table.name): string {
    return `${alias}.${this.table.key} = ${keyParam} and ${alias}.lease_token = ${tokenParam}::bigint and ${alias}.${this.expiresAt} > clock_timestamp()`;
  }

  leaseOf(key: string | number, token: unknown): Lease {
    return { key, token: String(token) };
  }

  /** Extends the lease by leaseMs from now: false once it was lost. */
  async renew(lease: Lease): Promise<boolean> {
    const { rows } = await this.sql.query(
      `update ${this.table.name} set ${this.expiresAt} = ${this.expiry}
       where ${this.heldBy('$1', '$2')} returning 1 as renewed`,
      [lease.key, lease.token],
    );
    return rows.length > 0;
  }

  /** Lets the next holder take the row at once, or after `retryInMs`. */
  async release(lease: Lease, retryInMs = 0): Promise<void> {
    await this.sql.query(
      `update ${this.table.name}
       set ${this.expiresAt} = case when $3::integer = 0 then '-infinity' else clock_timestamp() + $3 * interval '1 millisecond' end
       where ${this.heldBy('$1', '$2')}`,
      [lease.key, lease.token, Math.round(retryInMs)],
    );
  }

  /** Throws LeaseLost unless the lease is still held: what a holder asks before a step it cannot undo. */
  async check(lease: Lease): Promise<void> {
    const { rows } = await this.sql.query(
      `select 1 as held from ${this.table.name} where ${this.heldBy('$1', '$2')}`,
      [lease.key, lease.token],
    );
    if (rows.length === 0) throw new LeaseLost(this.table.name, lease);
  }

  /** Deletes the row if the lease still holds it: the work under it is done. */
  async remove(lease: Lease): Promise<boolean> {
    const { rows } = await this.sql.query(
      `delete from ${this.table.name} where ${this.heldBy('$1', '$2')} returning 1 as removed`,
      [lease.key, lease.token],
    );
    return rows.length > 0;
  }
}
