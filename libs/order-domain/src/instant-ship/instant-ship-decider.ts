import { Conflict, type Decider, type KeyMode } from '@shipping/contracts-core';
import type {
  InstantShipEvent,
  InstantShipFailure,
  InstantShipParcel,
  InstantShipShipper,
} from './instant-ship-events';

type Requested = Extract<InstantShipEvent, { type: 'InstantShipRequested' }>['data'];

export type InstantShipState =
  | { status: 'none' }
  | { status: 'requested'; request: Requested }
  | { status: 'shipped'; request: Requested; tracking_number: string; label_key: string }
  | { status: 'failed'; request: Requested; code: InstantShipFailure; reason: string };

export const initialInstantShipState: InstantShipState = { status: 'none' };

export type InstantShipCommand =
  | {
      type: 'RequestInstantShip';
      shipmentOrderId: number;
      accountId: string;
      service: string;
      shipperId: number;
      shipper: InstantShipShipper;
      /** The mode of the API key asking: the label is bought in it. */
      keyMode: KeyMode;
      priceCents: number;
      parcel: InstantShipParcel;
      now: string;
    }
  | { type: 'RecordParcelShipped'; trackingNumber: string; labelKey: string; now: string }
  | {
      type: 'RecordInstantShipFailed';
      code: InstantShipFailure;
      reason: string;
      refundedCents: number;
      now: string;
    };

/**
 * Recording an outcome is idempotent (a recovery that finishes a shipment the request already
 * finished adds nothing); contradicting one is a conflict, never a silent overwrite.
 */
export function decideInstantShip(command: InstantShipCommand, state: InstantShipState): InstantShipEvent[] {
  switch (command.type) {
    case 'RequestInstantShip': {
      if (state.status !== 'none')
        throw new Conflict(`Shipment ${command.shipmentOrderId} was requested already.`);
      const { shipmentOrderId, accountId, service, shipperId, shipper, keyMode, priceCents, parcel, now } =
        command;
      return [
        {
          type: 'InstantShipRequested',
          data: {
            shipment_order_id: shipmentOrderId,
            account_id: accountId,
            service,
            shipper_id: shipperId,
            shipper,
            key_mode: keyMode,
            price_cents: priceCents,
            parcel,
            at: now,
          },
        },
      ];
    }
    case 'RecordParcelShipped': {
      if (state.status === 'shipped' && state.tracking_number === command.trackingNumber) return [];
      const request = requested(state, 'shipped');
      return [
        {
          type: 'ParcelShipped',
          data: {
            shipment_order_id: request.shipment_order_id,
            account_id: request.account_id,
            service: request.service,
            tracking_number: command.trackingNumber,
            label_key: command.labelKey,
            price_cents: request.price_cents,
            at: command.now,
          },
        },
      ];
    }
    case 'RecordInstantShipFailed': {
      if (state.status === 'failed') return [];
      const request = requested(state, 'failed');
      return [
        {
          type: 'InstantShipFailed',
          data: {
            shipment_order_id: request.shipment_order_id,
            account_id: request.account_id,
            code: command.code,
            reason: command.reason,
            refunded_cents: command.refundedCents,
            at: command.now,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown instant-ship command ${JSON.stringify(unknown)}`);
    }
  }
}

function requested(state: InstantShipState, outcome: string): Requested {
  if (state.status === 'requested') return state.request;
  if (state.status === 'none') throw new Conflict('No instant ship was requested.');
  throw new Conflict(
    `Shipment ${state.request.shipment_order_id} is ${state.status}; it cannot become ${outcome}.`,
  );
}

export function evolveInstantShip(state: InstantShipState, event: InstantShipEvent): InstantShipState {
  switch (event.type) {
    case 'InstantShipRequested':
      return { status: 'requested', request: event.data };
    case 'ParcelShipped':
      return state.status === 'none'
        ? state
        : {
            status: 'shipped',
            request: state.request,
            tracking_number: event.data.tracking_number,
            label_key: event.data.label_key,
          };
    case 'InstantShipFailed':
      return state.status === 'none'
        ? state
        : { status: 'failed', request: state.request, code: event.data.code, reason: event.data.reason };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown instant-ship event ${JSON.stringify(unknown)}`);
    }
  }
}

/** An instant ship's decider; its stream is `shipmentStreamName(shipmentOrderId)`. */
export const instantShipDecider: Decider<InstantShipCommand, InstantShipEvent, InstantShipState> = {
  decide: decideInstantShip,
  evolve: evolveInstantShip,
  initialState: initialInstantShipState,
};
