import type { KeyMode } from '@shipping/contracts-core';

/**
 * Events of a ledger stream: the credit of an account in one key mode, in integer cents
 * (`ledger-<account id>` for test, `ledger-live-<account id>` for live; decision 101). The stream
 * is the one place that serialises spending, so two batches can never overdraw the account.
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

/** Both modes' ledgers begin with it: a subscription to it reads them all. */
export const LEDGER_STREAM_PREFIX = 'ledger-';
const LIVE_LEDGER_STREAM_PREFIX = `${LEDGER_STREAM_PREFIX}live-`;

/**
 * The ledger of an account in a mode. The test ledger keeps the name every ledger had before keys
 * had modes, so what exists is test credit; account ids begin with `acct_`, so no test ledger's
 * name begins like a live one.
 */
export const ledgerStreamName = (accountId: string, mode: KeyMode = 'test') =>
  `${mode === 'live' ? LIVE_LEDGER_STREAM_PREFIX : LEDGER_STREAM_PREFIX}${accountId}`;

/** The mode a ledger stream's credit belongs to, by its name. */
export const modeOfLedgerStream = (stream: string): KeyMode =>
  stream.startsWith(LIVE_LEDGER_STREAM_PREFIX) ? 'live' : 'test';

export function isLedgerEvent(event: { type: string }): event is LedgerEvent {
  return LEDGER_EVENT_TYPES.includes(event.type);
}
