import type { AsOf } from './as-of';
import type { KeyMode } from './request-context';

/**
 * The account ledger (credit in integer cents), owned by the batch app. Charges and refunds are
 * idempotent by shipment order id, so a request repeated after a crash moves no money twice.
 */
export const LedgerPatterns = {
  chargeShipment: 'ledger.shipment.charge',
  refundShipment: 'ledger.shipment.refund',
  addCredit: 'ledger.credit.add',
  balance: 'ledger.balance.get',
  entries: 'ledger.entries.list',
} as const;

export interface CreditRequest {
  credit_id: string;
  amount_cents: number;
  reference: string;
  /** The admin key that adds it: recorded on the event. */
  actor: string;
  /** The ledger it goes to: test or live credit (decision 101); test when absent. */
  mode?: KeyMode;
}

/** One line of `GET /account/ledger`: a credit, a charge or a refund, amounts as decimal strings. */
export interface LedgerEntryView {
  kind: 'credit' | 'charge' | 'refund';
  type: string;
  /** Positive for what adds to the balance, negative for what takes from it. */
  amount: string;
  batch_id: string | null;
  item_id: string | null;
  shipment_order_id: number | null;
  reference: string | null;
  created_at: string;
}

export interface ShipmentChargeRequest {
  shipment_order_id: number;
  amount_cents: number;
}

/** `ledger.balance.get`: the balance now, or as of a past moment of the ledger's stream. */
export interface BalanceQuery {
  as_of?: AsOf;
}

/** The balance of the ledger of the caller's mode, with the stream revision it was folded up to (null: no event yet). */
export interface BalanceAnswer {
  balance_cents: number;
  revision: string | null;
}
