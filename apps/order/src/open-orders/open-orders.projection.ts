import type { RecordedEvent, SqlClient } from '@shipping/event-store';
import { isOrderEvent, type OpenOrder, projectOpenOrder } from '@shipping/order-domain';

/**
 * The open-orders row after an event of an `order-*` stream: what the app's subscription and the
 * replay tool both run. Delivery is at-least-once, so a row only moves forward on a newer revision:
 * the upsert compares revisions too, since a row another instance inserts after this one read is
 * not locked by that read.
 */
export async function projectOpenOrderRow(sql: SqlClient, event: RecordedEvent): Promise<void> {
  if (!isOrderEvent(event)) return;
  const id = event.data.shipment_order_id;
  await sql.transaction(async (tx) => {
    const { rows } = await tx.query<{ doc: OpenOrder; last_revision: string | number }>(
      'select doc, last_revision from order_open_orders where shipment_order_id = $1 for update',
      [id],
    );
    if (rows[0] && BigInt(rows[0].last_revision) >= event.revision) return;
    const doc = projectOpenOrder(rows[0]?.doc, event);
    await tx.query(
      `insert into order_open_orders (shipment_order_id, account_id, mode, created_at, last_revision, doc)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (shipment_order_id) do update set last_revision = excluded.last_revision, doc = excluded.doc
       where order_open_orders.last_revision < excluded.last_revision`,
      [id, doc.account_id, doc.key_mode, doc.created_at, event.revision.toString(), JSON.stringify(doc)],
    );
  });
}
