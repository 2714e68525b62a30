import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import type { KeyMode } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { FencedLeases, type Lease } from '@shipping/platform/leases';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { ORDER_MIGRATIONS } from '../order.migrations';

export interface PendingShipment {
  shipment_order_id: number;
  account_id: string;
  /** The mode of the key that asked for the shipment: its charge and refund go to that ledger. */
  mode: KeyMode;
  correlation_id: string;
}

/**
 * How long a claim to finish a shipment holds without being renewed. Its holder renews it while
 * it works (every third of it), so this is how soon a shipment whose finisher died is taken over.
 */
export const SHIPMENT_LEASE_MS = 15_000;

/** Specs shorten the lease. */
export const SHIPMENT_LEASE = Symbol('SHIPMENT_LEASE');

/**
 * Instant ships begun and not yet finished. A row is written before the shipment's first event
 * and removed after its last, so after a crash every shipment that was charged, or may have been,
 * is found here and finished; a row whose stream was never written is simply dropped. Whoever
 * finishes a shipment (its request, a retry of it, the recovery; in any instance) first claims
 * its row under a fenced lease timed by the database's clock, so one finisher at a time charges,
 * buys and records, and one that lost its lease stops (see InstantShipCompletion).
 */
@Injectable()
export class PendingShipments implements OnModuleInit {
  readonly leases: FencedLeases;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(SHIPMENT_LEASE) leaseMs: number = SHIPMENT_LEASE_MS,
  ) {
    this.leases = new FencedLeases(sql, {
      name: 'order_instant_ship_pending',
      key: 'shipment_order_id',
      keyType: 'bigint',
      leaseMs,
    });
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
  }

  /** Claims the shipment for `holder`, writing its row if there is none; nothing while another holds it. */
  async claim(shipment: PendingShipment, holder: string): Promise<Lease | undefined> {
    const { rows } = await this.sql.query<{ lease_token: string }>(
      `insert into order_instant_ship_pending as p
         (shipment_order_id, account_id, mode, correlation_id, holder, lease_token, lease_expires_at)
       values ($1, $2, $5, $3, $4, ${this.leases.newLease})
       on conflict (shipment_order_id) do update set holder = excluded.holder, ${this.leases.takeLease('p')}
         where ${this.leases.isFree('p')}
       returning lease_token`,
      [shipment.shipment_order_id, shipment.account_id, shipment.correlation_id, holder, shipment.mode],
    );
    return rows[0] && this.leases.leaseOf(shipment.shipment_order_id, rows[0].lease_token);
  }

  /** Removes the row of a shipment whose outcome is recorded: whoever reads that outcome may. */
  async removeSettled(shipmentOrderId: number): Promise<void> {
    await this.sql.query('delete from order_instant_ship_pending where shipment_order_id = $1', [
      shipmentOrderId,
    ]);
  }

  /** Shipments nobody is finishing: their finisher failed, gave up or died. Oldest first. */
  async unheld(): Promise<PendingShipment[]> {
    const { rows } = await this.sql.query<{
      shipment_order_id: string | number;
      account_id: string;
      mode: KeyMode;
      correlation_id: string;
    }>(
      `select shipment_order_id, account_id, mode, correlation_id from order_instant_ship_pending
        where ${this.leases.isFree()} order by created_at, shipment_order_id limit 100`,
    );
    return rows.map((row) => ({ ...row, shipment_order_id: Number(row.shipment_order_id) }));
  }
}
