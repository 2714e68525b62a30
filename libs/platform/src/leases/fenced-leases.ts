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
  /** The key column's type, `text` unless named. */
  keyType?: string;
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

  /** Lets the next holder take the row at once, or after `retryInMs`; `also` adds assignments. */
  async release(lease: Lease, retryInMs = 0, also?: string): Promise<void> {
    await this.sql.query(
      `update ${this.table.name}
       set ${this.expiresAt} = case when $3::integer = 0 then '-infinity' else clock_timestamp() + $3 * interval '1 millisecond' end${also ? `, ${also}` : ''}
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

  /**
   * The rows of `leases` (`$1` keys, `$2` tokens) still held, locked in key order: statements that
   * write several rows lock them in that order, so two holders never deadlock on them.
   */
  private heldInOrder(lock = true): string {
    const { name, key } = this.table;
    return `select t.${key} from ${name} t
      join unnest($1::${this.table.keyType ?? 'text'}[], $2::bigint[]) as held (key, token)
        on t.${key} = held.key and t.lease_token = held.token
      where t.${this.expiresAt} > clock_timestamp()
      order by t.${key}${lock ? ' for update of t' : ''}`;
  }

  private async eachHeld(
    leases: readonly Lease[],
    statement: (held: string) => string,
    lock = true,
  ): Promise<Lease[]> {
    if (leases.length === 0) return [];
    const { rows } = await this.sql.query<Record<string, unknown>>(statement(this.heldInOrder(lock)), [
      leases.map((lease) => lease.key),
      leases.map((lease) => lease.token),
    ]);
    const done = new Set(rows.map((row) => String(row[this.table.key])));
    return leases.filter((lease) => !done.has(String(lease.key)));
  }

  /** Renews every lease of a group still held; answers the ones lost. */
  renewAll(leases: readonly Lease[]): Promise<Lease[]> {
    const { name, key } = this.table;
    return this.eachHeld(
      leases,
      (held) =>
        `update ${name} set ${this.expiresAt} = ${this.expiry} where ${key} in (${held}) returning ${key}`,
    );
  }

  /** Lets the next holder take the rows of a group at once. */
  async releaseAll(leases: readonly Lease[]): Promise<void> {
    const { name, key } = this.table;
    await this.eachHeld(
      leases,
      (held) =>
        `update ${name} set ${this.expiresAt} = '-infinity' where ${key} in (${held}) returning ${key}`,
    );
  }

  /** Deletes the rows of a group still held; answers the ones lost. */
  removeAll(leases: readonly Lease[]): Promise<Lease[]> {
    const { name, key } = this.table;
    return this.eachHeld(leases, (held) => `delete from ${name} where ${key} in (${held}) returning ${key}`);
  }

  /** Throws LeaseLost unless every lease of the group is still held. */
  async checkAll(leases: readonly Lease[]): Promise<void> {
    const lost = await this.eachHeld(leases, (held) => held, false);
    if (lost.length > 0) throw new LeaseLost(this.table.name, lost[0]);
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
