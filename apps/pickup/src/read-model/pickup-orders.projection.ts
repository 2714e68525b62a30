import type { RecordedEvent, SqlClient } from '@shipping/event-store';
import { carrierFieldsOf, isPickupEvent, nextStanding, pickupOrderView } from '@shipping/pickup-domain';
import { readableService } from '../pickups/pickup-commands';

/**
 * The pickup-orders row an event of a `pickup-*` stream writes: what the app's subscription and
 * the replay tool both run. Only a newer revision of the stream moves a row, so a redelivered
 * event changes nothing. The row's mode is the creating key's; a carrier's answer or a cancel
 * changes the carrier fields of its answer.
 */
export async function projectPickupOrder(sql: SqlClient, event: RecordedEvent): Promise<void> {
  if (!isPickupEvent(event)) return;
  const revision = event.revision.toString();
  switch (event.type) {
    case 'PickupOrderScheduled':
    case 'PickupOrderRevised': {
      const { pickup_id, account_id, pickup, at } = event.data;
      const standing = nextStanding({ status: 'ready' }, event);
      const doc = pickupOrderView(pickup_id, pickup, readableService, standing);
      const mode = event.type === 'PickupOrderScheduled' ? event.data.key_mode : 'test';
      await sql.query(
        `insert into pickup_orders_view (pickup_id, account_id, mode, created_at, last_revision, doc) values ($1, $2, $3, $4, $5, $6)
         on conflict (pickup_id) do update set last_revision = excluded.last_revision,
           doc = (excluded.doc::jsonb || jsonb_build_object('status', pickup_orders_view.doc->'status',
             'confirmation_number', pickup_orders_view.doc->'confirmation_number',
             'carrier_message', pickup_orders_view.doc->'carrier_message'))::json
         where pickup_orders_view.last_revision < excluded.last_revision`,
        [pickup_id, account_id, mode, at, revision, JSON.stringify(doc)],
      );
      // Only the creating event knows the mode; a revision projected before it wrote a test row.
      if (event.type === 'PickupOrderScheduled' && mode !== 'test')
        await sql.query('update pickup_orders_view set mode = $2 where pickup_id = $1 and mode <> $2', [
          pickup_id,
          mode,
        ]);
      return;
    }
    default: {
      // The standing an answer or a cancel leads to does not depend on the one before, but for
      // the confirmation number a cancel keeps: the row's own.
      const fields = carrierFieldsOf(nextStanding({ status: 'ready' }, event));
      await sql.query(
        `update pickup_orders_view set last_revision = $2,
           doc = (doc::jsonb || jsonb_build_object('status', $3::text,
             'confirmation_number', coalesce($4::text, doc->>'confirmation_number'), 'carrier_message', $5::text))::json
         where pickup_id = $1 and last_revision < $2`,
        [event.data.pickup_id, revision, fields.status, fields.confirmation_number, fields.carrier_message],
      );
    }
  }
}
