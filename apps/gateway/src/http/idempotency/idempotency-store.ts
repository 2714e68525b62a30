import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import type { GatewayHttpConfig } from '../gateway-http-config';
import { GATEWAY_HTTP_CONFIG } from '../gateway-http.tokens';
import { GATEWAY_MIGRATIONS, IDEMPOTENCY_TABLE } from './gateway.migrations';

export { IDEMPOTENCY_TABLE };

const HOUR_MS = 3_600_000;

/**
 * How long an in-progress claim holds its key. A process that crashes mid-request never settles
 * its claim; after the lease a retry takes the key over instead of hearing 409 for a day. Far
 * longer than any request may run (the transport times out after 10 s).
 */
export const IDEMPOTENCY_LEASE_MS = 60_000;

export interface IdempotencyScope {
  accountId: string;
  key: string;
}

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch' }
  | { outcome: 'completed'; status: number; body: unknown };

interface StoredRow {
  request_hash: string;
  status_code: number | null;
  response_body: string | null;
}

/**
 * Idempotency keys in SQL. A claim is one statement that either inserts the key as in progress
 * or loses to a live row, so of concurrent duplicates exactly one runs the handler. An expired
 * row, or an unsettled one whose lease ran out, is taken over by the same statement.
 */
@Injectable()
export class IdempotencyStore implements OnModuleInit, OnModuleDestroy {
  private sweeper?: NodeJS.Timeout;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(GATEWAY_HTTP_CONFIG) private readonly config: GatewayHttpConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, GATEWAY_MIGRATIONS);
    await this.deleteExpired();
    clearInterval(this.sweeper);
    this.sweeper = setInterval(() => void this.deleteExpired().catch(() => undefined), HOUR_MS);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async claim(scope: IdempotencyScope, requestHash: string, now = new Date()): Promise<ClaimResult> {
    const expiresAt = new Date(now.getTime() + this.config.idempotencyTtlHours * HOUR_MS);
    // A released key can vanish between the lost insert and the read; then the insert is retried.
    for (let attempt = 0; attempt < 3; attempt++) {
      const inserted = await this.sql.query(
        `insert into ${IDEMPOTENCY_TABLE} as k (account_id, idempotency_key, request_hash, expires_at, lease_expires_at)
         values ($1, $2, $3, $4, $6)
         on conflict (account_id, idempotency_key) do update
           set request_hash = excluded.request_hash, status_code = null, response_body = null,
               expires_at = excluded.expires_at, lease_expires_at = excluded.lease_expires_at
           where k.expires_at <= $5
              or (k.status_code is null and k.lease_expires_at <= $5 and k.request_hash = excluded.request_hash)
         returning 1 as claimed`,
        [
          scope.accountId,
          scope.key,
          requestHash,
          expiresAt.toISOString(),
          now.toISOString(),
          new Date(now.getTime() + IDEMPOTENCY_LEASE_MS).toISOString(),
        ],
      );
      if (inserted.rows.length > 0) return { outcome: 'claimed' };

      const { rows } = await this.sql.query<StoredRow>(
        `select request_hash, status_code, response_body from ${IDEMPOTENCY_TABLE}
         where account_id = $1 and idempotency_key = $2`,
        [scope.accountId, scope.key],
      );
      const row = rows[0];
      if (!row) continue;
      if (row.request_hash !== requestHash) return { outcome: 'mismatch' };
      if (row.status_code === null || row.response_body === null) return { outcome: 'in_progress' };
      return { outcome: 'completed', status: row.status_code, body: JSON.parse(row.response_body) };
    }
    return { outcome: 'in_progress' };
  }

  async complete(scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
    await this.sql.query(
      `update ${IDEMPOTENCY_TABLE} set status_code = $3, response_body = $4
       where account_id = $1 and idempotency_key = $2`,
      [scope.accountId, scope.key, status, JSON.stringify(body)],
    );
  }

  /** Forgets an in-progress key, so a retry can do the work the failed attempt did not. */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.sql.query(
      `delete from ${IDEMPOTENCY_TABLE} where account_id = $1 and idempotency_key = $2 and status_code is null`,
      [scope.accountId, scope.key],
    );
  }

  async deleteExpired(now = new Date()): Promise<void> {
    await this.sql.query(`delete from ${IDEMPOTENCY_TABLE} where expires_at <= $1`, [now.toISOString()]);
  }
}
