import type { ErrorPayload, KeyMode } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { readIdempotencyTtlMs } from '../retention/retention-config';
import { readClaimLeaseMs } from './claim-lease-config';
import { ClaimLeaseStore, type ClaimTable } from './claim-lease-store';
import { IDEMPOTENT_REQUESTS_MIGRATIONS, IDEMPOTENT_REQUESTS_TABLE } from './idempotent-requests.migrations';

export { IDEMPOTENT_REQUESTS_TABLE };

const REQUESTS: ClaimTable = {
  name: IDEMPOTENT_REQUESTS_TABLE,
  keyColumns: ['account_id', 'mode', 'idempotency_key', 'pattern', 'payload_hash'],
  outcomeColumns: ['outcome'],
  attempts: 1,
};

export interface IdempotentRequest {
  accountId: string;
  /** The mode of the key the request was made with: a key's requests in each mode are apart. */
  mode: KeyMode;
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
  private readonly claims: ClaimLeaseStore;

  /**
   * `keepMs`: as long as the gateway remembers a key, IDEMPOTENCY_TTL_HOURS for both. `leaseMs`: how
   * long a claim of a process that died before settling holds the key, IDEMPOTENCY_CLAIM_LEASE_MS.
   */
  constructor(
    private readonly sql: SqlClient,
    private readonly keepMs = readIdempotencyTtlMs(),
    leaseMs = readClaimLeaseMs(),
  ) {
    this.claims = new ClaimLeaseStore(sql, REQUESTS, { leaseMs });
  }

  async claim(request: IdempotentRequest, now = new Date()): Promise<RequestClaim> {
    await this.init();
    const claim = await this.claims.claim(this.scope(request), undefined, this.keepMs, now);
    if (claim.outcome !== 'settled')
      return { outcome: claim.outcome === 'claimed' ? 'claimed' : 'in_progress' };
    const outcome = claim.row.outcome as RequestOutcome | string;
    return { outcome: 'settled', settled: typeof outcome === 'string' ? JSON.parse(outcome) : outcome };
  }

  async settle(request: IdempotentRequest, outcome: RequestOutcome): Promise<void> {
    await this.claims.settle(this.scope(request), [JSON.stringify(outcome)]);
  }

  /** Forgets a command that failed for a passing reason, so a retry does it. */
  async release(request: IdempotentRequest): Promise<void> {
    await this.claims.release(this.scope(request));
  }

  private scope(request: IdempotentRequest): string[] {
    return [request.accountId, request.mode, request.key, request.pattern, request.payloadHash];
  }

  private init(): Promise<void> {
    this.ready ??= schemaReady(this.sql, IDEMPOTENT_REQUESTS_MIGRATIONS).then(
      () => undefined,
      (error: unknown) => {
        this.ready = undefined;
        throw error;
      },
    );
    return this.ready;
  }
}
