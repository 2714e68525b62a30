import { type Decider, ValidationFailed } from '@shipping/contracts-core';
import type { PickupEvent } from './pickup-events';
import type { PickupOrder } from './pickup-types';

export type PickupState =
  | { status: 'none' }
  | { status: 'ready'; pickupId: number; accountId: string; pickup: PickupOrder; createdAt: string };

export const initialPickupState: PickupState = { status: 'none' };

export type PickupCommand =
  | { type: 'SchedulePickup'; pickupId: number; accountId: string; pickup: PickupOrder; now: string }
  | { type: 'RevisePickup'; pickupId: number; accountId: string; pickup: PickupOrder; now: string };

export const UNKNOWN_PICKUP_MESSAGE = 'The selected id is invalid.';

export function decidePickup(command: PickupCommand, state: PickupState): PickupEvent[] {
  const data = {
    pickup_id: command.pickupId,
    account_id: command.accountId,
    pickup: command.pickup,
    at: command.now,
  };
  switch (command.type) {
    case 'SchedulePickup':
      if (state.status !== 'none') throw new Error(`Pickup id already used: ${state.pickupId}`);
      return [{ type: 'PickupOrderScheduled', data }];
    case 'RevisePickup':
      // Another account's pickup is as unknown to the caller as one that does not exist.
      if (state.status !== 'ready' || state.accountId !== command.accountId) {
        throw ValidationFailed.field('id', UNKNOWN_PICKUP_MESSAGE);
      }
      return [{ type: 'PickupOrderRevised', data }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown pickup command ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolvePickup(state: PickupState, event: PickupEvent): PickupState {
  switch (event.type) {
    case 'PickupOrderScheduled':
      return {
        status: 'ready',
        pickupId: event.data.pickup_id,
        accountId: event.data.account_id,
        pickup: event.data.pickup,
        createdAt: event.data.at,
      };
    case 'PickupOrderRevised':
      return state.status === 'ready' ? { ...state, pickup: event.data.pickup } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown pickup event ${JSON.stringify(unknown)}`);
    }
  }
}

/** A pickup order's decider; its stream is `pickupStreamName(pickupId)`. */
export const pickupDecider: Decider<PickupCommand, PickupEvent, PickupState> = {
  decide: decidePickup,
  evolve: evolvePickup,
  initialState: initialPickupState,
};
