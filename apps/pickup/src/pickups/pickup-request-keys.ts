import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { AppError, IDEMPOTENCY_KEY_REUSED_MESSAGE, type Tenant } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import {
  deleteRowsWhere,
  IDEMPOTENCY_TTL_MS,
  readIdempotencyTtlMs,
  type RetentionPolicy,
} from '@shipping/platform/retention';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { createHash } from 'node:crypto';
import { PICKUP_MIGRATIONS } from '../pickup.migrations';

/** A key's binding goes once it expires, as the gateway forgets the key. */
export const pickupRequestKeysRetention = (): RetentionPolicy =>
  deleteRowsWhere('pickup_request_keys', 'expires_at <= $1');

/** The request as the idempotent-requests interceptor hashes it: the same body, the same hash. */
export const requestHashOf = (payload: unknown): string =>
  createHash('sha256')
    .update(JSON.stringify(payload ?? null))
    .digest('hex');

/**
 * The pickup order a create's Idempotency-Key stands for, bound before the pickup is recorded:
 * an attempt repeated with the key (after a 503, after a crash of any app) resumes that pickup,
 * and its carrier is asked for it once, instead of a second pickup being created and scheduled.
 * The same key with another request is refused, as the gateway does. Keys are per tenant.
 */
@Injectable()
export class PickupRequestKeys implements OnModuleInit {
  private readonly keepMs: number;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(IDEMPOTENCY_TTL_MS) keepMs?: number,
  ) {
    this.keepMs = keepMs ?? readIdempotencyTtlMs();
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, PICKUP_MIGRATIONS);
  }

  /** `candidate` when the key is new (or its binding expired); the first pickup when it was bound before. */
  async bind(
    tenant: Tenant,
    idempotencyKey: string,
    requestHash: string,
    candidate: () => Promise<number>,
    now = new Date(),
  ): Promise<number> {
    const bound = await this.bound(tenant, idempotencyKey, now);
    if (bound) return this.checked(bound, requestHash);
    const { rows } = await this.sql.query<Binding>(
      `with bound as (
         insert into pickup_request_keys as k (account_id, mode, idempotency_key, request_hash, pickup_id, expires_at)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (account_id, mode, idempotency_key) do update
           set request_hash = excluded.request_hash, pickup_id = excluded.pickup_id, expires_at = excluded.expires_at
           where k.expires_at <= $7
         returning pickup_id, request_hash
       )
       select pickup_id, request_hash from bound
       union all
       select pickup_id, request_hash from pickup_request_keys
        where account_id = $1 and mode = $2 and idempotency_key = $3 and not exists (select 1 from bound)`,
      [
        tenant.accountId,
        tenant.mode,
        idempotencyKey,
        requestHash,
        await candidate(),
        new Date(now.getTime() + this.keepMs).toISOString(),
        now.toISOString(),
      ],
    );
    // A binding committed by a concurrent attempt after this statement began is read afresh.
    const binding = rows[0] ?? (await this.bound(tenant, idempotencyKey, now));
    if (!binding) throw new Error(`The binding of an Idempotency-Key of ${tenant.accountId} vanished.`);
    return this.checked(binding, requestHash);
  }

  private checked(binding: Binding, requestHash: string): number {
    if (binding.request_hash !== requestHash)
      throw new AppError('validation_failed', IDEMPOTENCY_KEY_REUSED_MESSAGE);
    return Number(binding.pickup_id);
  }

  private async bound(tenant: Tenant, idempotencyKey: string, now: Date): Promise<Binding | undefined> {
    const { rows } = await this.sql.query<Binding>(
      `select pickup_id, request_hash from pickup_request_keys
        where account_id = $1 and mode = $2 and idempotency_key = $3 and expires_at > $4`,
      [tenant.accountId, tenant.mode, idempotencyKey, now.toISOString()],
    );
    return rows[0];
  }
}

interface Binding {
  pickup_id: string | number;
  request_hash: string;
}
