import type { RecordedEvent, SqlClient } from '@shipping/event-store';
import { isPickupEvent, pickupOrderView } from '@shipping/pickup-domain';
import { readableService } from '../pickups/pickup-commands';

/**
 * The pickup-orders row an event of a `pickup-*` stream writes: what the app's subscription and
 * the replay tool both run. Only a newer revision of the stream moves a row, so a redelivered
 * event changes nothing.
 */
export async function projectPickupOrder(sql: SqlClient, event: RecordedEvent): Promise<void> {
  if (!isPickupEvent(event)) return;
  const { pickup_id, account_id, pickup, at } = event.data;
  const doc = pickupOrderView(pickup_id, pickup, readableService);
  await sql.query(
    `insert into pickup_orders_view (pickup_id, account_id, created_at, last_revision, doc) values ($1, $2, $3, $4, $5)
     on conflict (pickup_id) do update set last_revision = excluded.last_revision, doc = excluded.doc
     where pickup_orders_view.last_revision < excluded.last_revision`,
    [pickup_id, account_id, at, event.revision.toString(), JSON.stringify(doc)],
  );
}
