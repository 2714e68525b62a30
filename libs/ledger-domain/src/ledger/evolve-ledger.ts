import type { LedgerState } from './ledger-decider';
import type { LedgerEvent } from './ledger-events';

export function evolveLedger(state: LedgerState, event: LedgerEvent): LedgerState {
  switch (event.type) {
    case 'CreditGranted':
      return {
        ...state,
        balanceCents: state.balanceCents + event.data.amount_cents,
        grantIds: new Set(state.grantIds).add(event.data.grant_id),
      };
    case 'CreditAdded': {
      const balanceCents = state.balanceCents + event.data.amount_cents;
      return {
        ...state,
        balanceCents,
        creditIds: new Map(state.creditIds).set(event.data.credit_id, {
          amountCents: event.data.amount_cents,
          reference: event.data.reference,
          balanceAfterCents: balanceCents,
        }),
      };
    }
    case 'BatchCharged':
      return {
        ...state,
        balanceCents: state.balanceCents - event.data.amount_cents,
        chargedBatches: new Map(state.chargedBatches).set(event.data.batch_id, event.data.amount_cents),
      };
    case 'ItemRefunded': {
      const refundable = state.chargedBatches.get(event.data.batch_id) ?? 0;
      return {
        ...state,
        balanceCents: state.balanceCents + event.data.amount_cents,
        chargedBatches: new Map(state.chargedBatches).set(
          event.data.batch_id,
          refundable - event.data.amount_cents,
        ),
        refundedItemIds: new Set(state.refundedItemIds).add(event.data.item_id),
      };
    }
    case 'ShipmentCharged':
      return {
        ...state,
        balanceCents: state.balanceCents - event.data.amount_cents,
        chargedShipments: new Map(state.chargedShipments).set(
          event.data.shipment_order_id,
          event.data.amount_cents,
        ),
      };
    case 'ShipmentRefunded': {
      const chargedShipments = new Map(state.chargedShipments);
      chargedShipments.delete(event.data.shipment_order_id);
      return {
        ...state,
        balanceCents: state.balanceCents + event.data.amount_cents,
        chargedShipments,
        refundedShipments: new Set(state.refundedShipments).add(event.data.shipment_order_id),
      };
    }
    default: {
      const unknown: never = event;
      throw new Error(`Unknown ledger event ${JSON.stringify(unknown)}`);
    }
  }
}
