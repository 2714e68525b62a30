import type { AddedCredit, LedgerCommand, LedgerState } from './ledger-decider';
import { initialLedgerState } from './ledger-decider';
import type { LedgerEvent } from './ledger-events';

/**
 * A ledger event as an index row: the key it dedupes by (one event per key and stream, since
 * `decideLedger` never repeats one), the key it belongs to, and its amount. The keys of every
 * event of a stream, with its balance, are all that `decideLedger` ever reads of the stream's
 * state, and a command reads only the few keys `ledgerLookupFor` names, so a decision needs the
 * balance and a handful of rows however long the account's history is.
 */
export interface LedgerEntry {
  key: string;
  /** The charge a refund belongs to. */
  parent?: string;
  amountCents: number;
  /** A credit's reference: a repeat of the credit id must name the same. */
  reference?: string;
}

const grantKey = (grantId: string) => `grant:${grantId}`;
const CREDIT_PREFIX = 'credit:';
const creditKey = (creditId: string) => `${CREDIT_PREFIX}${creditId}`;
const batchKey = (batchId: string) => `batch:${batchId}`;
const itemRefundKey = (itemId: string) => `item-refund:${itemId}`;
const shipmentKey = (shipmentOrderId: number) => `shipment:${shipmentOrderId}`;
const shipmentRefundKey = (shipmentOrderId: number) => `shipment-refund:${shipmentOrderId}`;

export function ledgerEntryOf(event: LedgerEvent): LedgerEntry {
  const amountCents = event.data.amount_cents;
  switch (event.type) {
    case 'CreditGranted':
      return { key: grantKey(event.data.grant_id), amountCents };
    case 'CreditAdded':
      return { key: creditKey(event.data.credit_id), amountCents, reference: event.data.reference };
    case 'BatchCharged':
      return { key: batchKey(event.data.batch_id), amountCents };
    case 'ItemRefunded':
      return {
        key: itemRefundKey(event.data.item_id),
        parent: batchKey(event.data.batch_id),
        amountCents,
      };
    case 'ShipmentCharged':
      return { key: shipmentKey(event.data.shipment_order_id), amountCents };
    case 'ShipmentRefunded':
      return {
        key: shipmentRefundKey(event.data.shipment_order_id),
        parent: shipmentKey(event.data.shipment_order_id),
        amountCents,
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown ledger event ${JSON.stringify(unknown)}`);
    }
  }
}

/** What the event does to the balance: credit and refunds add, charges take. */
export function balanceChangeOf(event: LedgerEvent): number {
  switch (event.type) {
    case 'CreditGranted':
    case 'CreditAdded':
    case 'ItemRefunded':
    case 'ShipmentRefunded':
      return event.data.amount_cents;
    case 'BatchCharged':
    case 'ShipmentCharged':
      return -event.data.amount_cents;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown ledger event ${JSON.stringify(unknown)}`);
    }
  }
}

/** The rows a command is decided on: entries by key, and the total of the refunds of one charge. */
export interface LedgerLookup {
  keys: string[];
  refundsOf?: string;
}

export function ledgerLookupFor(command: LedgerCommand): LedgerLookup {
  switch (command.type) {
    case 'GrantCredit':
      return { keys: [grantKey(command.grantId)] };
    case 'AddCredit':
      return { keys: [creditKey(command.creditId)] };
    case 'ChargeBatch':
      return { keys: [batchKey(command.batchId)] };
    case 'RefundItem':
      return {
        keys: [batchKey(command.batchId), itemRefundKey(command.itemId)],
        refundsOf: batchKey(command.batchId),
      };
    case 'ChargeShipment':
    case 'RefundShipment':
      return { keys: [shipmentKey(command.shipmentOrderId), shipmentRefundKey(command.shipmentOrderId)] };
    default: {
      const unknown: never = command;
      throw new Error(`Unknown ledger command ${JSON.stringify(unknown)}`);
    }
  }
}

/** True for the key of a credit, whose row must also hold its reference and the balance after it. */
export const isCreditKey = (key: string) => key.startsWith(CREDIT_PREFIX);

/** An entry of the index as a command reads it; a credit's also with its reference and the balance after it. */
export interface IndexedEntry {
  amountCents: number;
  reference?: string;
  balanceAfterCents?: number;
}

export interface LedgerFacts {
  balanceCents: number;
  /** The entries of the lookup's keys that the stream holds, by key. */
  entries: ReadonlyMap<string, IndexedEntry>;
  /** The sum of the refunds of `refundsOf` (0 when there are none). */
  refundedCents: number;
}

/**
 * The ledger state as far as `command` can see it: the balance, and the charges and refunds of
 * its own keys, exactly as folding the whole stream would leave them (a spec folds random
 * histories both ways and compares every decision).
 */
export function ledgerStateFor(command: LedgerCommand, facts: LedgerFacts): LedgerState {
  const state: LedgerState = { ...initialLedgerState, balanceCents: facts.balanceCents };
  const amount = (key: string) => facts.entries.get(key)?.amountCents;
  switch (command.type) {
    case 'GrantCredit':
      return amount(grantKey(command.grantId)) === undefined
        ? state
        : { ...state, grantIds: new Set([command.grantId]) };
    case 'AddCredit': {
      const entry = facts.entries.get(creditKey(command.creditId));
      return entry === undefined
        ? state
        : { ...state, creditIds: new Map([[command.creditId, addedCreditOf(entry)]]) };
    }
    case 'ChargeBatch':
    case 'RefundItem': {
      const charged = amount(batchKey(command.batchId));
      const refunded = command.type === 'RefundItem' && amount(itemRefundKey(command.itemId)) !== undefined;
      return {
        ...state,
        chargedBatches:
          charged === undefined
            ? new Map()
            : new Map([
                [command.batchId, charged - (command.type === 'RefundItem' ? facts.refundedCents : 0)],
              ]),
        refundedItemIds: refunded ? new Set([command.itemId]) : new Set(),
      };
    }
    case 'ChargeShipment':
    case 'RefundShipment': {
      const id = command.shipmentOrderId;
      const charged = amount(shipmentKey(id));
      const refunded = amount(shipmentRefundKey(id)) !== undefined;
      return {
        ...state,
        chargedShipments: charged === undefined || refunded ? new Map() : new Map([[id, charged]]),
        refundedShipments: refunded ? new Set([id]) : new Set(),
      };
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown ledger command ${JSON.stringify(unknown)}`);
    }
  }
}

function addedCreditOf(entry: IndexedEntry): AddedCredit {
  const { amountCents, reference, balanceAfterCents } = entry;
  if (reference === undefined || balanceAfterCents === undefined)
    throw new Error(
      'A credit entry without its reference or balance: the index fills them in before a decision',
    );
  return { amountCents, reference, balanceAfterCents };
}
