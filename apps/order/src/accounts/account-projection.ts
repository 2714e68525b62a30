import type { SqlClient } from '@shipping/event-store';
import { type AccountEvent, isAccountEvent } from '@shipping/accounts-domain';

/**
 * One account event into the directory's tables. Rows are keyed by the ids the events carry and
 * never change once written, so applying an event again (inline after its command, then from the
 * subscription, or in a rebuild) writes nothing new.
 */
export async function projectAccountEvent(sql: SqlClient, event: { type: string; data: unknown }) {
  if (!isAccountEvent(event)) return;
  const accountEvent = event as AccountEvent;
  switch (accountEvent.type) {
    case 'AccountOpened': {
      const opened = accountEvent.data;
      await sql.query(
        `insert into order_accounts (account_id, name, weight_unit, length_unit, created_at)
         values ($1, $2, $3, $4, $5) on conflict (account_id) do nothing`,
        [opened.account_id, opened.name, opened.weight_unit, opened.length_unit, opened.at],
      );
      return;
    }
    case 'ShipperAdded': {
      const shipper = accountEvent.data;
      await sql.query(
        `insert into order_shippers (shipper_id, account_id, name, carrier, integration)
         values ($1, $2, $3, $4, $5) on conflict (shipper_id) do nothing`,
        [shipper.shipper_id, shipper.account_id, shipper.name, shipper.carrier, shipper.integration],
      );
      return;
    }
    case 'ShipperCredentialsSet': {
      // The time only moves forward, so a replay writes nothing new.
      const set = accountEvent.data;
      await sql.query(
        `update order_shippers set credentials_set_at = $2
         where shipper_id = $1 and (credentials_set_at is null or credentials_set_at < $2)`,
        [set.shipper_id, set.at],
      );
      return;
    }
    case 'AddressSaved': {
      const saved = accountEvent.data;
      await sql.query(
        `insert into order_addresses (address_id, account_id, address, created_at)
         values ($1, $2, $3, $4) on conflict (address_id) do nothing`,
        [saved.address_id, saved.account_id, JSON.stringify(saved.address), saved.at],
      );
      return;
    }
  }
}
