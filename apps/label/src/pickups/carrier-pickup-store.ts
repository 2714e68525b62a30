import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { CarrierPickupScheduleRequest } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { LABEL_MIGRATIONS } from '../label.migrations';

export type PickupOutcome = 'confirmed' | 'refused' | 'unknown' | 'unscheduled' | 'cancelled';

export interface CarrierPickupRow {
  pickup_key: string;
  /** Milliseconds since the carrier was asked (by the database's clock). */
  asked_ms_ago: number;
  outcome: PickupOutcome | null;
  confirmation_number: string | null;
  reason: string | null;
}

/**
 * `carrier_pickups`: a row is written before the carrier is asked and answers every repeat
 * afterwards, so a pickup is asked of the carrier at most once (decision 0106).
 */
@Injectable()
export class CarrierPickupStore implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, LABEL_MIGRATIONS);
  }

  /** Claims the pickup for one asker: true when this call wrote the row (nobody asked before). */
  async claim({ pickup_key, shipper }: CarrierPickupScheduleRequest): Promise<boolean> {
    const { rows } = await this.sql.query(
      `insert into carrier_pickups (pickup_key, carrier, integration, account_id, shipper_id)
       values ($1, $2, $3, $4, $5) on conflict (pickup_key) do nothing returning 1 as claimed`,
      [pickup_key, shipper.carrier, shipper.integration, shipper.account_id, shipper.shipper_id],
    );
    return rows.length === 1;
  }

  async find(pickupKey: string): Promise<CarrierPickupRow | undefined> {
    const { rows } = await this.sql.query<CarrierPickupRow & { asked_ms_ago: string | number }>(
      `select pickup_key, outcome, confirmation_number, reason,
              extract(epoch from clock_timestamp() - asked_at) * 1000 as asked_ms_ago
         from carrier_pickups where pickup_key = $1`,
      [pickupKey],
    );
    return rows[0] && { ...rows[0], asked_ms_ago: Number(rows[0].asked_ms_ago) };
  }

  /** Records the outcome unless one is recorded already; answers the row's outcome either way. */
  async settle(
    pickupKey: string,
    outcome: Exclude<PickupOutcome, 'cancelled'>,
    detail: { confirmation_number?: string | null; reason?: string },
  ): Promise<CarrierPickupRow> {
    await this.sql.query(
      `update carrier_pickups set outcome = $2, confirmation_number = $3, reason = $4
        where pickup_key = $1 and outcome is null`,
      [pickupKey, outcome, detail.confirmation_number ?? null, detail.reason ?? null],
    );
    return (await this.find(pickupKey)) as CarrierPickupRow;
  }

  async cancelled(pickupKey: string): Promise<void> {
    await this.sql.query(
      `update carrier_pickups set outcome = 'cancelled' where pickup_key = $1 and outcome = 'confirmed'`,
      [pickupKey],
    );
  }

  /** The carrier surely did not act on the request: it may be asked again. */
  async forget(pickupKey: string): Promise<void> {
    await this.sql.query('delete from carrier_pickups where pickup_key = $1 and outcome is null', [
      pickupKey,
    ]);
  }
}
