import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import { AppError, IDEMPOTENCY_KEY_REUSED_MESSAGE, type KeyMode } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import {
  deleteRowsWhere,
  IDEMPOTENCY_TTL_MS,
  readIdempotencyTtlMs,
  type RetentionPolicy,
} from '@shipping/platform/retention';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { ORDER_MIGRATIONS } from '../order.migrations';

export interface InstantShipKey {
  accountId: string;
  /** The mode of the key the request was made with: one Idempotency-Key in each mode is two shipments. */
  mode: KeyMode;
  idempotencyKey: string;
  requestHash: string;
}

/** A key's binding goes once it expires; a live one stays. */
export const instantShipKeysRetention = (): RetentionPolicy =>
  deleteRowsWhere('order_instant_ship_keys', 'expires_at <= $1');

/** The gateway's answer to a reused key, which a binding to another request gives too. */
export const KEY_REUSED_MESSAGE = IDEMPOTENCY_KEY_REUSED_MESSAGE;

/**
 * The shipment an instant ship's Idempotency-Key stands for, bound before anything of the
 * shipment happens: every attempt with the key (a retry after a 503, after a crash of any app,
 * however late) drives that one shipment to its end and answers its outcome, instead of starting
 * another one. The same key with another request is refused, as the gateway does.
 */
@Injectable()
export class InstantShipKeys implements OnModuleInit {
  private readonly keepMs: number;

  /** `keepMs`: as long as the gateway remembers a key, IDEMPOTENCY_TTL_HOURS for both. */
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(IDEMPOTENCY_TTL_MS) keepMs?: number,
  ) {
    this.keepMs = keepMs ?? readIdempotencyTtlMs();
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
  }

  /**
   * The shipment bound to the key: `candidate` when the key is new (or its binding expired), the
   * first one when the key was bound before; one insert, so of concurrent first attempts one wins.
   */
  async bind(key: InstantShipKey, candidate: number, now = new Date()): Promise<number> {
    const { rows } = await this.sql.query<{ shipment_order_id: string | number; request_hash: string }>(
      `with bound as (
         insert into order_instant_ship_keys as k
           (account_id, mode, idempotency_key, request_hash, shipment_order_id, expires_at)
         values ($1, $7, $2, $3, $4, $5)
         on conflict (account_id, mode, idempotency_key) do update
           set request_hash = excluded.request_hash, shipment_order_id = excluded.shipment_order_id,
               expires_at = excluded.expires_at
           where k.expires_at <= $6
         returning shipment_order_id, request_hash
       )
       select shipment_order_id, request_hash from bound
       union all
       select shipment_order_id, request_hash from order_instant_ship_keys
        where account_id = $1 and mode = $7 and idempotency_key = $2 and not exists (select 1 from bound)`,
      [
        key.accountId,
        key.idempotencyKey,
        key.requestHash,
        candidate,
        new Date(now.getTime() + this.keepMs).toISOString(),
        now.toISOString(),
        key.mode,
      ],
    );
    // A binding committed by a concurrent attempt after this statement began is read afresh.
    const binding = rows[0] ?? (await this.bound(key));
    if (!binding) throw new Error(`The binding of an Idempotency-Key of ${key.accountId} vanished.`);
    if (binding.request_hash !== key.requestHash) throw new AppError('validation_failed', KEY_REUSED_MESSAGE);
    return Number(binding.shipment_order_id);
  }

  private async bound(key: InstantShipKey) {
    const { rows } = await this.sql.query<{ shipment_order_id: string | number; request_hash: string }>(
      `select shipment_order_id, request_hash from order_instant_ship_keys
        where account_id = $1 and mode = $2 and idempotency_key = $3`,
      [key.accountId, key.mode, key.idempotencyKey],
    );
    return rows[0];
  }
}
