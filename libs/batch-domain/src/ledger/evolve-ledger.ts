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
    default: {
      const unknown: never = event;
      throw new Error(`Unknown ledger event ${JSON.stringify(unknown)}`);
    }
  }
}
