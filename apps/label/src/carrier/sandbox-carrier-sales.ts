import type { LabelShipment } from '@shipping/contracts';
import type { SqlClient } from '@shipping/event-store';

/** A label the sandbox carrier sold, as it answers it again to a repeat of the same key. */
export interface SandboxSale {
  idempotency_key: string;
  item_id: string;
  service: string;
  shipment: LabelShipment;
  tracking_number: string;
}

const SCHEMA = `
create table if not exists sandbox_carrier_sales (
  idempotency_key text primary key,
  item_id text not null,
  service text not null,
  shipment jsonb not null,
  tracking_number text not null,
  sold_at timestamptz not null default now()
);
create index if not exists sandbox_carrier_sales_item_id on sandbox_carrier_sales (item_id);
`;

const COLUMNS = 'idempotency_key, item_id, service, shipment, tracking_number';

/**
 * The sandbox carrier's own books: one row per label it sold, by the idempotency key it was sold
 * under. A real carrier keeps this on its side; the sandbox keeps it in a table of its own, so a
 * key is remembered across restarts of the label app and tests can count what was sold.
 */
export class SandboxCarrierSales {
  private ready?: Promise<void>;

  constructor(private readonly sql: SqlClient) {}

  async find(idempotencyKey: string): Promise<SandboxSale | undefined> {
    await this.init();
    const { rows } = await this.sql.query<SandboxSale>(
      `select ${COLUMNS} from sandbox_carrier_sales where idempotency_key = $1`,
      [idempotencyKey],
    );
    return rows[0] && parsed(rows[0]);
  }

  /** Records a sale under its key; of concurrent sales under one key the first is every answer. */
  async sell(sale: SandboxSale): Promise<SandboxSale> {
    await this.init();
    const { rows } = await this.sql.query<SandboxSale>(
      `insert into sandbox_carrier_sales (${COLUMNS}) values ($1, $2, $3, $4::jsonb, $5)
       on conflict (idempotency_key) do nothing returning ${COLUMNS}`,
      [sale.idempotency_key, sale.item_id, sale.service, JSON.stringify(sale.shipment), sale.tracking_number],
    );
    const sold = rows[0] ?? (await this.find(sale.idempotency_key));
    if (!sold) throw new Error(`The sandbox sale under key ${sale.idempotency_key} vanished.`);
    return parsed(sold);
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

  private init(): Promise<void> {
    this.ready ??= this.sql.exec(SCHEMA).catch((error: unknown) => {
      this.ready = undefined;
      throw error;
    });
    return this.ready;
  }
}

function parsed(row: SandboxSale): SandboxSale {
  const shipment = row.shipment as unknown;
  return typeof shipment === 'string' ? { ...row, shipment: JSON.parse(shipment) as LabelShipment } : row;
}
