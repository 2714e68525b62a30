import { type Decider, type KeyMode, ValidationFailed } from '@shipping/contracts-core';
import type { OrderEvent } from './order-events';
import type { FreightOrder, OrderKind, ParcelOrder } from './order-types';

export type OrderState =
  | { status: 'none' }
  | {
      status: 'draft';
      kind: OrderKind;
      accountId: string;
      keyMode: KeyMode;
      shipmentOrderId: number;
      revisions: number;
    };

export const initialOrderState: OrderState = { status: 'none' };

export type OrderCommand =
  | {
      type: 'DraftFreightOrder';
      shipmentOrderId: number;
      accountId: string;
      keyMode: KeyMode;
      order: FreightOrder;
      now: string;
    }
  | {
      type: 'ReviseFreightOrder';
      shipmentOrderId: number;
      accountId: string;
      keyMode: KeyMode;
      order: FreightOrder;
      now: string;
    }
  | {
      type: 'DraftParcelOrder';
      shipmentOrderId: number;
      accountId: string;
      keyMode: KeyMode;
      order: ParcelOrder;
      now: string;
    }
  | {
      type: 'ReviseParcelOrder';
      shipmentOrderId: number;
      accountId: string;
      keyMode: KeyMode;
      order: ParcelOrder;
      now: string;
    };

export const UNKNOWN_ORDER_MESSAGE = 'The selected shipment_order_id is invalid.';

/**
 * Another account's order, an order of the other key mode, an unknown id and an order of the other
 * kind are all the same to a caller.
 */
function assertRevisable(state: OrderState, command: OrderCommand, kind: OrderKind): void {
  if (
    state.status !== 'draft' ||
    state.accountId !== command.accountId ||
    state.keyMode !== command.keyMode ||
    state.kind !== kind
  ) {
    throw ValidationFailed.field('shipment_order_id', UNKNOWN_ORDER_MESSAGE);
  }
}

function assertNew(state: OrderState): void {
  if (state.status !== 'none') throw new Error(`Order id already used: ${state.shipmentOrderId}`);
}

export function decideOrder(command: OrderCommand, state: OrderState): OrderEvent[] {
  const data = {
    shipment_order_id: command.shipmentOrderId,
    account_id: command.accountId,
    key_mode: command.keyMode,
    at: command.now,
  };
  switch (command.type) {
    case 'DraftFreightOrder':
      assertNew(state);
      return [{ type: 'FreightOrderDrafted', data: { ...data, order: command.order } }];
    case 'ReviseFreightOrder':
      assertRevisable(state, command, 'freight');
      return [{ type: 'FreightOrderRevised', data: { ...data, order: command.order } }];
    case 'DraftParcelOrder':
      assertNew(state);
      return [{ type: 'ParcelOrderDrafted', data: { ...data, order: command.order } }];
    case 'ReviseParcelOrder':
      assertRevisable(state, command, 'parcel');
      return [{ type: 'ParcelOrderRevised', data: { ...data, order: command.order } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown order command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolveOrder(state: OrderState, event: OrderEvent): OrderState {
  switch (event.type) {
    case 'FreightOrderDrafted':
    case 'ParcelOrderDrafted':
      return {
        status: 'draft',
        kind: event.type === 'FreightOrderDrafted' ? 'freight' : 'parcel',
        accountId: event.data.account_id,
        keyMode: event.data.key_mode,
        shipmentOrderId: event.data.shipment_order_id,
        revisions: 0,
      };
    case 'FreightOrderRevised':
    case 'ParcelOrderRevised':
      return state.status === 'draft' ? { ...state, revisions: state.revisions + 1 } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown order event ${JSON.stringify(unknown)}`);
    }
  }
}

/** A draft order's decider; its stream is `orderStreamName(shipmentOrderId)`. */
export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  decide: decideOrder,
  evolve: evolveOrder,
  initialState: initialOrderState,
};
