import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import type { KeyMode } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import {
  ClaimLeaseStore,
  type ClaimTable,
  IDEMPOTENCY_CLAIM_LEASE_MS,
  readClaimLeaseMs,
} from '@shipping/platform/idempotency';
import { deleteRowsWhere, type RetentionPolicy } from '@shipping/platform/retention';
import { SQL_CLIENT } from '@shipping/platform/storage';
import type { GatewayHttpConfig } from '../gateway-http-config';
import { GATEWAY_HTTP_CONFIG } from '../gateway-http.tokens';
import { GATEWAY_MIGRATIONS, IDEMPOTENCY_TABLE } from './gateway.migrations';

export { IDEMPOTENCY_TABLE };

const HOUR_MS = 3_600_000;

const KEYS: ClaimTable = {
  name: IDEMPOTENCY_TABLE,
  keyColumns: ['account_id', 'mode', 'idempotency_key'],
  fingerprintColumn: 'request_hash',
  outcomeColumns: ['status_code', 'response_body'],
  // A released key can vanish between the lost insert and the read; then the insert is retried.
  attempts: 3,
};

/** Keys go once they expire (IDEMPOTENCY_TTL_HOURS after the claim); live ones stay. */
export const gatewayIdempotencyRetention = (): RetentionPolicy =>
  deleteRowsWhere(IDEMPOTENCY_TABLE, 'expires_at <= $1');

/** Whose key it is: the account and the mode of the API key (decision 101), and the key itself. */
export interface IdempotencyScope {
  accountId: string;
  mode: KeyMode;
  key: string;
}

const claimKey = (scope: IdempotencyScope) => [scope.accountId, scope.mode, scope.key];

export type ClaimResult =
  | { outcome: 'claimed' }
  | { outcome: 'in_progress' }
  | { outcome: 'mismatch' }
  | { outcome: 'completed'; status: number; body: unknown };

/** Idempotency keys of HTTP requests, claimed and settled in the gateway's database. */
@Injectable()
export class IdempotencyStore implements OnModuleInit {
  private readonly claims: ClaimLeaseStore;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(GATEWAY_HTTP_CONFIG) private readonly config: GatewayHttpConfig,
    @Optional() @Inject(IDEMPOTENCY_CLAIM_LEASE_MS) leaseMs?: number,
  ) {
    this.claims = new ClaimLeaseStore(sql, KEYS, { leaseMs: leaseMs ?? readClaimLeaseMs() });
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, GATEWAY_MIGRATIONS);
  }

  /** `fingerprints`: the request's, the one to keep first, then any a kept claim may match. */
  async claim(
    scope: IdempotencyScope,
    fingerprints: string | readonly string[],
    now = new Date(),
  ): Promise<ClaimResult> {
    const keepMs = this.config.idempotencyTtlHours * HOUR_MS;
    const claim = await this.claims.claim(claimKey(scope), fingerprints, keepMs, now);
    if (claim.outcome !== 'settled') return claim;
    const { status_code, response_body } = claim.row as { status_code: number; response_body: string };
    return { outcome: 'completed', status: status_code, body: JSON.parse(response_body) };
  }

  async complete(scope: IdempotencyScope, status: number, body: unknown): Promise<void> {
    await this.claims.settle(claimKey(scope), [status, JSON.stringify(body)]);
  }

  /** Forgets an in-progress key, so a retry can do the work the failed attempt did not. */
  async release(scope: IdempotencyScope): Promise<void> {
    await this.claims.release(claimKey(scope));
  }
}
