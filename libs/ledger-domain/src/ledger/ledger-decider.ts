import { AppError, Conflict, type Decider } from '@shipping/contracts-core';
import type { LedgerEvent } from './ledger-events';
import { evolveLedger } from './evolve-ledger';
import { CreditIdReused } from './ledger-errors';

/** What a credit added, and the balance right after it: a repeat of the credit answers that balance. */
export interface AddedCredit {
  amountCents: number;
  reference: string;
  balanceAfterCents: number;
}

export interface LedgerState {
  balanceCents: number;
  grantIds: ReadonlySet<string>;
  /** Each credit id with what it added: the id may come again only with the same amount and reference. */
  creditIds: ReadonlyMap<string, AddedCredit>;
  /** Each charged batch with the cents still refundable: a batch never refunds more than it paid. */
  chargedBatches: ReadonlyMap<string, number>;
  refundedItemIds: ReadonlySet<string>;
  /** Each charged instant shipment with its price; a refunded one is gone from here. */
  chargedShipments: ReadonlyMap<number, number>;
  refundedShipments: ReadonlySet<number>;
}

export const initialLedgerState: LedgerState = {
  balanceCents: 0,
  grantIds: new Set(),
  creditIds: new Map(),
  chargedBatches: new Map(),
  refundedItemIds: new Set(),
  chargedShipments: new Map(),
  refundedShipments: new Set(),
};

export type LedgerCommand =
  | {
      type: 'GrantCredit';
      accountId: string;
      grantId: string;
      amountCents: number;
      reason: string;
      now: string;
    }
  | {
      type: 'AddCredit';
      accountId: string;
      creditId: string;
      amountCents: number;
      reference: string;
      now: string;
    }
  | { type: 'ChargeBatch'; accountId: string; batchId: string; amountCents: number; now: string }
  | {
      type: 'RefundItem';
      accountId: string;
      batchId: string;
      itemId: string;
      amountCents: number;
      now: string;
    }
  | { type: 'ChargeShipment'; accountId: string; shipmentOrderId: number; amountCents: number; now: string }
  | { type: 'RefundShipment'; accountId: string; shipmentOrderId: number; amountCents: number; now: string };

export const INSUFFICIENT_CREDIT_MESSAGE =
  'There is not enough credit to ship this batch. Please add funds to your account.';

export const INSUFFICIENT_CREDIT_FOR_SHIPMENT_MESSAGE =
  'There is not enough credit to ship this parcel. Please add funds to your account.';

function assertAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0)
    throw new Error(`Not a whole, non-negative number of cents: ${amountCents}`);
}

/**
 * Every command is idempotent by its key (grant id, credit id, batch id, item id, shipment order id), so a process
 * manager that runs again after a crash or a redelivery never grants, charges or refunds twice. A credit id is
 * derived from the admin's Idempotency-Key, so it may come again only with what it added the first time.
 */
export function decideLedger(command: LedgerCommand, state: LedgerState): LedgerEvent[] {
  assertAmount(command.amountCents);
  const base = { account_id: command.accountId, amount_cents: command.amountCents, at: command.now };
  switch (command.type) {
    case 'GrantCredit':
      if (state.grantIds.has(command.grantId)) return [];
      return [
        { type: 'CreditGranted', data: { ...base, grant_id: command.grantId, reason: command.reason } },
      ];
    case 'AddCredit': {
      const added = state.creditIds.get(command.creditId);
      if (added !== undefined) {
        if (added.amountCents !== command.amountCents || added.reference !== command.reference)
          throw new CreditIdReused(command.creditId);
        return [];
      }
      if (command.amountCents === 0)
        throw new Error('A credit of 0 cents adds nothing: whole, positive cents only');
      return [
        {
          type: 'CreditAdded',
          data: { ...base, credit_id: command.creditId, reference: command.reference },
        },
      ];
    }
    case 'ChargeBatch':
      if (state.chargedBatches.has(command.batchId)) return [];
      if (state.balanceCents < command.amountCents)
        throw new AppError('insufficient_credit', INSUFFICIENT_CREDIT_MESSAGE);
      return [{ type: 'BatchCharged', data: { ...base, batch_id: command.batchId } }];
    case 'RefundItem': {
      if (state.refundedItemIds.has(command.itemId)) return [];
      const refundable = state.chargedBatches.get(command.batchId);
      if (refundable === undefined)
        throw new Conflict(`Batch ${command.batchId} was never charged; there is nothing to refund.`);
      if (command.amountCents > refundable)
        throw new Conflict(`Refund of item ${command.itemId} exceeds what batch ${command.batchId} paid.`);
      return [
        { type: 'ItemRefunded', data: { ...base, batch_id: command.batchId, item_id: command.itemId } },
      ];
    }
    case 'ChargeShipment':
      if (
        state.chargedShipments.has(command.shipmentOrderId) ||
        state.refundedShipments.has(command.shipmentOrderId)
      )
        return [];
      if (state.balanceCents < command.amountCents)
        throw new AppError('insufficient_credit', INSUFFICIENT_CREDIT_FOR_SHIPMENT_MESSAGE);
      return [{ type: 'ShipmentCharged', data: { ...base, shipment_order_id: command.shipmentOrderId } }];
    case 'RefundShipment': {
      if (state.refundedShipments.has(command.shipmentOrderId)) return [];
      const charged = state.chargedShipments.get(command.shipmentOrderId);
      if (charged === undefined)
        throw new Conflict(
          `Shipment ${command.shipmentOrderId} was never charged; there is nothing to refund.`,
        );
      if (command.amountCents !== charged)
        throw new Conflict(
          `Shipment ${command.shipmentOrderId} was charged ${charged} cents, not ${command.amountCents}.`,
        );
      return [{ type: 'ShipmentRefunded', data: { ...base, shipment_order_id: command.shipmentOrderId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown ledger command ${JSON.stringify(unknown)}`);
    }
  }
}

/** An account's ledger decider; its stream is `ledgerStreamName(accountId)`. */
export const ledgerDecider: Decider<LedgerCommand, LedgerEvent, LedgerState> = {
  decide: decideLedger,
  evolve: evolveLedger,
  initialState: initialLedgerState,
};
