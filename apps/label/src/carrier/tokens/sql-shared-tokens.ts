import type { SqlClient } from '@shipping/event-store';
import { deleteRowsWhere, type RetentionPolicy } from '@shipping/platform/retention';
import { type SecretBox } from '@shipping/platform/secrets';
import { createHash } from 'node:crypto';
import type { Fetched } from '../usps/single-flight-cache';
import type { SharedTokens } from './shared-tokens';

interface TokenRow {
  sealed: string;
  /** Milliseconds left by the database's clock; null: kept until forgotten or pruned. */
  left_ms: string | number | null;
}

const digestOf = (token: string) => createHash('sha256').update(token).digest('hex');
const contextOf = (key: string) => `carrier_tokens:${key}`;

/**
 * SharedTokens in the label app's database (`carrier_tokens`), sealed under
 * CARRIER_CREDENTIAL_KEYS and bound to their key. A fetch happens under a transaction-scoped
 * advisory lock on the key: an instance that waited for it reads the token the first one stored
 * instead of fetching its own. Expiry is timed by the database's clock, which every instance
 * shares. A token that no longer opens (its sealing key was retired) is fetched again.
 */
export class SqlSharedTokens implements SharedTokens {
  constructor(
    private readonly sql: SqlClient,
    private readonly box: SecretBox,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, fetchToken: () => Promise<Fetched<string>>): Promise<Fetched<string>> {
    return this.sql.transaction(async (tx) => {
      const kept = await this.kept(tx, key);
      if (kept) return kept;
      await tx.query('select pg_advisory_xact_lock(hashtext($1))', [contextOf(key)]);
      const fetchedMeanwhile = await this.kept(tx, key);
      if (fetchedMeanwhile) return fetchedMeanwhile;
      const fetched = await fetchToken();
      const leftMs = Number.isFinite(fetched.expiresAt) ? Math.max(0, fetched.expiresAt - this.now()) : null;
      await tx.query(
        `insert into carrier_tokens (key, sealed, digest, expires_at, fetched_at)
         values ($1, $2, $3, clock_timestamp() + $4 * interval '1 millisecond', clock_timestamp())
         on conflict (key) do update set sealed = excluded.sealed, digest = excluded.digest,
           expires_at = excluded.expires_at, fetched_at = excluded.fetched_at`,
        [key, this.box.seal(fetched.value, contextOf(key)), digestOf(fetched.value), leftMs],
      );
      return fetched;
    });
  }

  async forget(key: string, stale: string): Promise<void> {
    await this.sql.query('delete from carrier_tokens where key = $1 and digest = $2', [key, digestOf(stale)]);
  }

  private async kept(tx: SqlClient, key: string): Promise<Fetched<string> | undefined> {
    const { rows } = await tx.query<TokenRow>(
      `select sealed, extract(epoch from (expires_at - clock_timestamp())) * 1000 as left_ms
       from carrier_tokens where key = $1 and (expires_at is null or expires_at > clock_timestamp())`,
      [key],
    );
    const [row] = rows;
    if (!row) return undefined;
    let value: string;
    try {
      value = this.box.open(row.sealed, contextOf(key));
    } catch {
      return undefined;
    }
    const expiresAt = row.left_ms === null ? Infinity : this.now() + Number(row.left_ms);
    return { value, expiresAt };
  }
}

/**
 * Expired tokens go at once; tokens kept without an expiry (payment authorizations) a day after
 * they were fetched, so those of replaced credentials do not stay for ever: a token still in use
 * is fetched again, once.
 */
export const carrierTokensRetention = (): RetentionPolicy =>
  deleteRowsWhere('carrier_tokens', `coalesce(expires_at, fetched_at + interval '1 day') <= $1::timestamptz`);
