import type { SqlClient } from '@shipping/event-store';

/**
 * How long an unsettled claim holds its key unless IDEMPOTENCY_CLAIM_LEASE_MS says otherwise. A
 * process that crashes mid-request never settles its claim; after the lease a retry takes the key
 * over instead of being refused until the key expires. Far longer than any request or command may
 * run (the transport times out after 10 s).
 */
export const CLAIM_LEASE_MS = 60_000;

/** The columns of a table of claims (the gateway's idempotency keys, an app's idempotent requests). */
export interface ClaimTable {
  name: string;
  /** The columns that name one claim: the table's primary key. */
  keyColumns: readonly string[];
  /** A column beside the key that a claim must match; another value under the key is a mismatch. */
  fingerprintColumn?: string;
  /** The columns of the settled outcome, all null while the claim is in progress. */
  outcomeColumns: readonly string[];
  /** How often a claim whose row vanished (released) between the lost insert and the read is retried. */
  attempts: number;
}

export type Claim =
  | { outcome: 'claimed' }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch' }
  | { outcome: 'settled'; row: Record<string, unknown> };

const placeholders = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `$${from + index}`);

/**
 * Claims in SQL, each held by a lease until settled. A claim is one statement that either inserts
 * the key as in progress or loses to a live row, so of concurrent duplicates exactly one runs. An
 * expired row, or an unsettled one whose lease ran out, is taken over by the same statement.
 */
export class ClaimLeaseStore {
  private readonly leaseMs: number;

  /** `leaseMs`: how long an unsettled claim holds its key, CLAIM_LEASE_MS unless given. */
  constructor(
    private readonly sql: SqlClient,
    private readonly table: ClaimTable,
    { leaseMs = CLAIM_LEASE_MS }: { leaseMs?: number } = {},
  ) {
    this.leaseMs = leaseMs;
  }

  /**
   * `fingerprint`: what the claim stores beside its key, or a list whose first is stored and any of
   * which matches a kept one (fingerprints under rotated keys).
   */
  async claim(
    key: readonly string[],
    fingerprint: string | readonly string[] | undefined,
    keepMs: number,
    now = new Date(),
  ): Promise<Claim> {
    const { name, keyColumns, fingerprintColumn: fp, outcomeColumns } = this.table;
    const matching = typeof fingerprint === 'string' ? [fingerprint] : (fingerprint ?? []);
    const claimColumns = [...keyColumns, ...(fp ? [fp] : [])];
    const claimValues = [...key, ...(fp ? [matching[0]] : [])];
    const [expires, lease, at, matches] = placeholders(claimValues.length + 1, 4);
    const reset = [
      ...(fp ? [`${fp} = excluded.${fp}`] : []),
      ...outcomeColumns.map((column) => `${column} = null`),
      'expires_at = excluded.expires_at',
      'lease_expires_at = excluded.lease_expires_at',
    ];
    const sameRequest = fp ? ` and c.${fp} = any(${matches}::text[])` : '';
    for (let attempt = 0; attempt < this.table.attempts; attempt++) {
      const inserted = await this.sql.query(
        `insert into ${name} as c (${[...claimColumns, 'expires_at', 'lease_expires_at'].join(', ')})
         values (${[...placeholders(1, claimValues.length), expires, lease].join(', ')})
         on conflict (${keyColumns.join(', ')}) do update
           set ${reset.join(', ')}
           where c.expires_at <= ${at}
              or (c.${outcomeColumns[0]} is null and c.lease_expires_at <= ${at}${sameRequest})
         returning 1 as claimed`,
        [
          ...claimValues,
          new Date(now.getTime() + keepMs).toISOString(),
          new Date(now.getTime() + this.leaseMs).toISOString(),
          now.toISOString(),
          ...(fp ? [matching] : []),
        ],
      );
      if (inserted.rows.length > 0) return { outcome: 'claimed' };

      const { rows } = await this.sql.query<Record<string, unknown>>(
        `select ${[...(fp ? [fp] : []), ...outcomeColumns].join(', ')} from ${name} where ${this.keyMatches()}`,
        [...key],
      );
      const row = rows[0];
      if (!row) continue;
      if (fp && !matching.includes(row[fp] as string)) return { outcome: 'mismatch' };
      if (outcomeColumns.some((column) => row[column] === null)) return { outcome: 'in_progress' };
      return { outcome: 'settled', row };
    }
    return { outcome: 'in_progress' };
  }

  /** Stores the outcome, one value per outcome column. */
  async settle(key: readonly string[], outcome: readonly unknown[]): Promise<void> {
    const { name, outcomeColumns } = this.table;
    const values = placeholders(key.length + 1, outcomeColumns.length);
    await this.sql.query(
      `update ${name} set ${outcomeColumns.map((column, index) => `${column} = ${values[index]}`).join(', ')}
       where ${this.keyMatches()}`,
      [...key, ...outcome],
    );
  }

  /** Forgets an unsettled claim, so a retry can do the work the failed attempt did not. */
  async release(key: readonly string[]): Promise<void> {
    await this.sql.query(
      `delete from ${this.table.name} where ${this.keyMatches()} and ${this.table.outcomeColumns[0]} is null`,
      [...key],
    );
  }

  private keyMatches(): string {
    return this.table.keyColumns.map((column, index) => `${column} = $${index + 1}`).join(' and ');
  }
}
