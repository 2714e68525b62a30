import type { SqlClient } from '@shipping/event-store';

/** How one table sheds the rows nothing needs any more. */
export interface RetentionPolicy {
  /** The table pruned; it also names the lock that lets one instance prune it at a time. */
  table: string;
  /** Makes the table if the app has not yet (a table some apps make on first use). */
  ready?(sql: SqlClient): Promise<void>;
  /** Deletes at most `limit` rows that are no longer live at `now`, in `tx`; answers how many went. */
  prune(tx: SqlClient, now: Date, limit: number): Promise<number>;
}

/**
 * A policy deleting, `limit` at a time, the rows of `table` that `gone` picks: a condition on the
 * row where `$1` is the cutoff, `keepMs` before now (0 for rows that carry their own expiry).
 * Rows another transaction has locked are left for the next round.
 */
export function deleteRowsWhere(
  table: string,
  gone: string,
  keepMs = 0,
  ready?: RetentionPolicy['ready'],
): RetentionPolicy {
  return {
    table,
    ready,
    async prune(tx, now, limit) {
      const { rows } = await tx.query(
        `delete from ${table} where ctid in (
           select ctid from ${table} where ${gone} limit $2 for update skip locked
         ) returning 1`,
        [new Date(now.getTime() - keepMs).toISOString(), limit],
      );
      return rows.length;
    },
  };
}

export const DAY_MS = 24 * 3_600_000;
