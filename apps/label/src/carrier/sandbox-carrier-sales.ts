import type { LabelShipment } from '@shipping/contracts';
import { schemaReady, type SqlClient } from '@shipping/event-store';
import { LABEL_MIGRATIONS } from '../label.migrations';

/** A label the sandbox carrier sold, as it answers it again to a repeat of the same key. */
export interface SandboxSale {
  idempotency_key: string;
  item_id: string;
  service: string;
  shipment: LabelShipment;
  tracking_number: string;
}

const COLUMNS = 'idempotency_key, item_id, service, shipment, tracking_number';

/**
 * The sandbox carrier's own books: one row per label it sold, by the idempotency key it was sold
 * under. A real carrier keeps this on its side; the sandbox keeps it in a table of its own, so a
 * key is remembered across restarts of the label app and tests can count what was sold.
 */
export class SandboxCarrierSales {
  private readonly queued: {
    sale: SandboxSale;
    resolve: (sold: SandboxSale) => void;
    reject: (error: unknown) => void;
  }[] = [];

  constructor(private readonly sql: SqlClient) {}

  /**
   * Records a sale under its key; of concurrent sales under one key the first is every answer.
   * The sales asked for in one turn of the event loop (a chunk's labels) are one statement.
   */
  sell(sale: SandboxSale): Promise<SandboxSale> {
    return new Promise((resolve, reject) => {
      this.queued.push({ sale, resolve, reject });
      if (this.queued.length === 1) setImmediate(() => void this.flush());
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued.splice(0);
    try {
      await this.init();
      const sales = batch.map((entry) => entry.sale);
      const keys = sales.map((sale) => sale.idempotency_key);
      const { rows: inserted } = await this.sql.query<SandboxSale>(
        `insert into sandbox_carrier_sales (${COLUMNS})
         select key, item_id, service, shipment, tracking_number
           from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
             as sale (key, item_id, service, shipment, tracking_number)
          order by key
         on conflict (idempotency_key) do nothing returning ${COLUMNS}`,
        [
          keys,
          sales.map((sale) => sale.item_id),
          sales.map((sale) => sale.service),
          sales.map((sale) => JSON.stringify(sale.shipment)),
          sales.map((sale) => sale.tracking_number),
        ],
      );
      const sold = new Map(inserted.map((row) => [row.idempotency_key, parsed(row)]));
      const repeated = keys.filter((key) => !sold.has(key));
      if (repeated.length > 0) {
        const { rows } = await this.sql.query<SandboxSale>(
          `select ${COLUMNS} from sandbox_carrier_sales where idempotency_key = any($1::text[])`,
          [repeated],
        );
        for (const row of rows) sold.set(row.idempotency_key, parsed(row));
      }
      for (const { sale, resolve, reject } of batch) {
        const first = sold.get(sale.idempotency_key);
        if (first) resolve(first);
        else reject(new Error(`The sandbox sale under key ${sale.idempotency_key} vanished.`));
      }
    } catch (error) {
      for (const { reject } of batch) reject(error);
    }
  }

  /** Labels sold for an item, under any key: more than one would be a label bought twice. */
  async countFor(itemId: string): Promise<number> {
    await this.init();
    const { rows } = await this.sql.query<{ count: string | number }>(
      'select count(*) as count from sandbox_carrier_sales where item_id = $1',
      [itemId],
    );
    return Number(rows[0]?.count ?? 0);
  }

  /** Whether a label was sold under the tracking number. */
  async sold(trackingNumber: string): Promise<boolean> {
    await this.init();
    const { rows } = await this.sql.query(
      'select 1 from sandbox_carrier_sales where tracking_number = $1 limit 1',
      [trackingNumber],
    );
    return rows.length > 0;
  }

  private init(): Promise<void> {
    return schemaReady(this.sql, LABEL_MIGRATIONS);
  }
}

function parsed(row: SandboxSale): SandboxSale {
  const shipment = row.shipment as unknown;
  return typeof shipment === 'string' ? { ...row, shipment: JSON.parse(shipment) as LabelShipment } : row;
}
