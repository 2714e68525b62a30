/**
 * Events of a `ledger-<account id>` stream: the account's credit, in integer cents. The stream is
 * the one place that serialises spending, so two batches can never overdraw the account.
 */
export type LedgerEvent =
  | {
      type: 'CreditGranted';
      data: { account_id: string; grant_id: string; amount_cents: number; reason: string; at: string };
    }
  | {
      type: 'CreditAdded';
      data: { account_id: string; credit_id: string; amount_cents: number; reference: string; at: string };
    }
  | { type: 'BatchCharged'; data: { account_id: string; batch_id: string; amount_cents: number; at: string } }
  | {
      type: 'ItemRefunded';
      data: { account_id: string; batch_id: string; item_id: string; amount_cents: number; at: string };
    }
  | {
      type: 'ShipmentCharged';
      data: { account_id: string; shipment_order_id: number; amount_cents: number; at: string };
    }
  | {
      type: 'ShipmentRefunded';
      data: { account_id: string; shipment_order_id: number; amount_cents: number; at: string };
    };

const LEDGER_EVENT_TYPES: readonly string[] = [
  'CreditGranted',
  'CreditAdded',
  'BatchCharged',
  'ItemRefunded',
  'ShipmentCharged',
  'ShipmentRefunded',
];

export const LEDGER_STREAM_PREFIX = 'ledger-';

export const ledgerStreamName = (accountId: string) => `${LEDGER_STREAM_PREFIX}${accountId}`;

export function isLedgerEvent(event: { type: string }): event is LedgerEvent {
  return LEDGER_EVENT_TYPES.includes(event.type);
}
