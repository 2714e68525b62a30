import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';
import { ORDER_MIGRATIONS } from '../order.migrations';

export interface PendingShipment {
  shipment_order_id: number;
  account_id: string;
  correlation_id: string;
}

/**
 * How long a claim to finish a shipment holds without being renewed. Its holder renews it while
 * it works (every third of it), so this is how soon a shipment whose finisher died is taken over.
 */
export const SHIPMENT_LEASE_MS = 15_000;

const leaseEnd = (now: Date) => new Date(now.getTime() + SHIPMENT_LEASE_MS).toISOString();

/**
 * Instant ships begun and not yet finished. A row is written before the shipment's first event
 * and removed after its last, so after a crash every shipment that was charged, or may have been,
 * is found here and finished; a row whose stream was never written is simply dropped. Whoever
 * finishes a shipment (its request, a retry of it, the recovery; in any instance) first claims
 * its row under a lease, so one finisher at a time charges, buys and records.
 */
@Injectable()
export class PendingShipments implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
  }

  /**
   * Claims the shipment for `holder`, writing its row if there is none: true when the holder
   * has it (also when it had it already), false while another holder's lease runs.
   */
  async claim(shipment: PendingShipment, holder: string, now = new Date()): Promise<boolean> {
    const { rows } = await this.sql.query(
      `insert into order_instant_ship_pending as p (shipment_order_id, account_id, correlation_id, holder, lease_expires_at)
       values ($1, $2, $3, $4, $5)
       on conflict (shipment_order_id) do update set holder = excluded.holder, lease_expires_at = excluded.lease_expires_at
         where p.holder = excluded.holder or p.lease_expires_at <= $6
       returning 1 as claimed`,
      [
        shipment.shipment_order_id,
        shipment.account_id,
        shipment.correlation_id,
        holder,
        leaseEnd(now),
        now.toISOString(),
      ],
    );
    return rows.length > 0;
  }

  async renew(shipmentOrderId: number, holder: string, now = new Date()): Promise<void> {
    await this.sql.query(
      'update order_instant_ship_pending set lease_expires_at = $3 where shipment_order_id = $1 and holder = $2',
      [shipmentOrderId, holder, leaseEnd(now)],
    );
  }

  /** Lets the next finisher (a retry, the recovery) take the shipment at once. */
  async release(shipmentOrderId: number, holder: string): Promise<void> {
    await this.sql.query(
      `update order_instant_ship_pending set lease_expires_at = '-infinity'
       where shipment_order_id = $1 and holder = $2`,
      [shipmentOrderId, holder],
    );
  }

  async remove(shipmentOrderId: number): Promise<void> {
    await this.sql.query('delete from order_instant_ship_pending where shipment_order_id = $1', [
      shipmentOrderId,
    ]);
  }

  /** Shipments nobody is finishing: their finisher failed, gave up or died. Oldest first. */
  async unheld(now = new Date()): Promise<PendingShipment[]> {
    const { rows } = await this.sql.query<{
      shipment_order_id: string | number;
      account_id: string;
      correlation_id: string;
    }>(
      `select shipment_order_id, account_id, correlation_id from order_instant_ship_pending
        where lease_expires_at <= $1 order by created_at, shipment_order_id limit 100`,
      [now.toISOString()],
    );
    return rows.map((row) => ({ ...row, shipment_order_id: Number(row.shipment_order_id) }));
  }
}
