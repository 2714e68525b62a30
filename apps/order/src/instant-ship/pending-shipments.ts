import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '@shipping/event-store';
import { SQL_CLIENT } from '@shipping/platform';

export interface PendingShipment {
  shipment_order_id: number;
  account_id: string;
  correlation_id: string;
}

const SCHEMA = `
create table if not exists order_instant_ship_pending (
  shipment_order_id bigint primary key,
  account_id text not null,
  correlation_id text not null,
  created_at timestamptz not null default now()
);
`;

/**
 * Instant ships begun and not yet finished. A row is written before the shipment's first event
 * and removed after its last, so after a crash every shipment that was charged, or may have been,
 * is found here and finished; a row whose stream was never written is simply dropped.
 */
@Injectable()
export class PendingShipments implements OnModuleInit {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  async onModuleInit(): Promise<void> {
    await this.sql.exec(SCHEMA);
  }

  async add(shipment: PendingShipment): Promise<void> {
    await this.sql.query(
      'insert into order_instant_ship_pending (shipment_order_id, account_id, correlation_id) values ($1, $2, $3) on conflict do nothing',
      [shipment.shipment_order_id, shipment.account_id, shipment.correlation_id],
    );
  }

  async remove(shipmentOrderId: number): Promise<void> {
    await this.sql.query('delete from order_instant_ship_pending where shipment_order_id = $1', [
      shipmentOrderId,
    ]);
  }

  /** Shipments begun at least `olderThanMs` ago, oldest first. */
  async olderThan(olderThanMs: number): Promise<PendingShipment[]> {
    const { rows } = await this.sql.query<{
      shipment_order_id: string | number;
      account_id: string;
      correlation_id: string;
    }>(
      `select shipment_order_id, account_id, correlation_id from order_instant_ship_pending
        where created_at <= now() - make_interval(secs => $1) order by created_at, shipment_order_id limit 100`,
      [olderThanMs / 1000],
    );
    return rows.map((row) => ({ ...row, shipment_order_id: Number(row.shipment_order_id) }));
  }
}
