import type { ErrorPayload } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { IDEMPOTENT_REQUESTS_MIGRATIONS, IDEMPOTENT_REQUESTS_TABLE } from './idempotent-requests.migrations';

export { IDEMPOTENT_REQUESTS_TABLE };

/** As long as the gateway remembers a key (IDEMPOTENCY_TTL_HOURS' default). */
const KEEP_MS = 24 * 3_600_000;

/** A claim left by a process that crashed mid-command is taken over after this; commands take seconds. */
export const IDEMPOTENT_REQUEST_LEASE_MS = 60_000;

export interface IdempotentRequest {
  accountId: string;
  key: string;
  pattern: string;
  payloadHash: string;
}

export type RequestOutcome = { reply: unknown } | { error: ErrorPayload };

export type RequestClaim =
  { outcome: 'claimed' } | { outcome: 'in_progress' } | { outcome: 'settled'; settled: RequestOutcome };

/**
 * Commands an app has done, by the Idempotency-Key their client sent, in the app's own SQL store.
 * A claim is one statement that inserts the request as in progress or loses to a live row, so of
 * concurrent duplicates exactly one runs.
 */
export class IdempotentRequestStore {
  private ready?: Promise<void>;

  constructor(private readonly sql: SqlClient) {}

  async claim(request: IdempotentRequest, now = new Date()): Promise<RequestClaim> {
    await this.init();
    const { rows: claimed } = await this.sql.query(
      `insert into ${IDEMPOTENT_REQUESTS_TABLE} as r
         (account_id, idempotency_key, pattern, payload_hash, expires_at, lease_expires_at)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (account_id, idempotency_key, pattern, payload_hash) do update
         set outcome = null, expires_at = excluded.expires_at, lease_expires_at = excluded.lease_expires_at
         where r.expires_at <= $7 or (r.outcome is null and r.lease_expires_at <= $7)
       returning 1 as claimed`,
      [
        ...this.scope(request),
        new Date(now.getTime() + KEEP_MS).toISOString(),
        new Date(now.getTime() + IDEMPOTENT_REQUEST_LEASE_MS).toISOString(),
        now.toISOString(),
      ],
    );
    if (claimed.length > 0) return { outcome: 'claimed' };
    const { rows } = await this.sql.query<{ outcome: RequestOutcome | string | null }>(
      `select outcome from ${IDEMPOTENT_REQUESTS_TABLE}
       where account_id = $1 and idempotency_key = $2 and pattern = $3 and payload_hash = $4`,
      this.scope(request),
    );
    const outcome = rows[0]?.outcome;
    if (outcome === undefined || outcome === null) return { outcome: 'in_progress' };
    return { outcome: 'settled', settled: typeof outcome === 'string' ? JSON.parse(outcome) : outcome };
  }

  async settle(request: IdempotentRequest, outcome: RequestOutcome): Promise<void> {
    await this.sql.query(
      `update ${IDEMPOTENT_REQUESTS_TABLE} set outcome = $5
       where account_id = $1 and idempotency_key = $2 and pattern = $3 and payload_hash = $4`,
      [...this.scope(request), JSON.stringify(outcome)],
    );
  }

  /** Forgets a command that failed for a passing reason, so a retry does it. */
  async release(request: IdempotentRequest): Promise<void> {
    await this.sql.query(
      `delete from ${IDEMPOTENT_REQUESTS_TABLE}
       where account_id = $1 and idempotency_key = $2 and pattern = $3 and payload_hash = $4 and outcome is null`,
      this.scope(request),
    );
  }

  private scope(request: IdempotentRequest): string[] {
    return [request.accountId, request.key, request.pattern, request.payloadHash];
  }

  private init(): Promise<void> {
    this.ready ??= schemaReady(this.sql, IDEMPOTENT_REQUESTS_MIGRATIONS)
      .then(() => this.sql.query(`delete from ${IDEMPOTENT_REQUESTS_TABLE} where expires_at <= now()`))
      .then(
        () => undefined,
        (error: unknown) => {
          this.ready = undefined;
          throw error;
        },
      );
    return this.ready;
  }
}
