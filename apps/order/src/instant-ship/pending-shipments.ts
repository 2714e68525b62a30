import { Inject, Injectable, type OnModuleInit, Optional } from '@nestjs/common';
import type { KeyMode } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { type FencedLeases, type Lease, LeasedWork, LeaseSweep } from '@shipping/platform/leases';
import { SQL_CLIENT } from '@shipping/platform/storage';
import { ORDER_MIGRATIONS } from '../order.migrations';
import { DEFAULT_INSTANT_SHIP_LEASE_MS } from './instant-ship-timing';

export interface PendingShipment {
  shipment_order_id: number;
  account_id: string;
  /** The mode of the key that asked for the shipment: its charge and refund go to that ledger. */
  mode: KeyMode;
  correlation_id: string;
}

/**
 * How long a claim to finish a shipment holds without being renewed (INSTANT_SHIP_LEASE_MS, read
 * by the app's module). Its holder renews it while it works (every third of it), so this is how
 * soon a shipment whose finisher died is taken over.
 */
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
  readonly work: LeasedWork;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Optional() @Inject(SHIPMENT_LEASE) leaseMs: number = DEFAULT_INSTANT_SHIP_LEASE_MS,
  ) {
    this.work = new LeasedWork(sql, {
      name: 'order_instant_ship_pending',
      key: 'shipment_order_id',
      keyType: 'bigint',
      leaseMs,
      columns: { shipment_order_id: 'bigint', account_id: 'text', mode: 'text', correlation_id: 'text' },
      order: 'created_at, shipment_order_id',
    });
  }

  get leases(): FencedLeases {
    return this.work.leases;
  }

  async onModuleInit(): Promise<void> {
    await schemaReady(this.sql, ORDER_MIGRATIONS);
  }

  /** Claims the shipment for `holder`, writing its row if there is none; nothing while another holds it. */
  async claim(shipment: PendingShipment, holder: string): Promise<Lease | undefined> {
    const [claimed] = await this.work.claim<PendingShipment>([shipment], holder);
    return claimed && this.leases.leaseOf(shipment.shipment_order_id, claimed.lease.token);
  }

  /** Removes the row of a shipment whose outcome is recorded: whoever reads that outcome may. */
  async removeSettled(shipmentOrderId: number): Promise<void> {
    await this.sql.query('delete from order_instant_ship_pending where shipment_order_id = $1', [
      shipmentOrderId,
    ]);
  }

  /** Shipments nobody is finishing: their finisher failed, gave up or died. Oldest first. */
  async unheld(limit = 100): Promise<PendingShipment[]> {
    return (await this.work.free<StoredShipment>(limit)).map(pendingShipment);
  }

  /** The sweep that hands the shipments nobody is finishing to `take`, every time a lease runs out. */
  sweep(take: (shipments: PendingShipment[]) => Promise<void>, failed: (error: unknown) => void): LeaseSweep {
    return LeaseSweep.reading<StoredShipment>(this.work, {
      everyMs: this.work.table.leaseMs,
      limit: 100,
      take: (rows) => take(rows.map(pendingShipment)),
      failed,
    });
  }
}

type StoredShipment = Omit<PendingShipment, 'shipment_order_id'> & { shipment_order_id: string | number };

const pendingShipment = ({
  shipment_order_id,
  account_id,
  mode,
  correlation_id,
}: StoredShipment): PendingShipment => ({
  shipment_order_id: Number(shipment_order_id),
  account_id,
  mode,
  correlation_id,
});
