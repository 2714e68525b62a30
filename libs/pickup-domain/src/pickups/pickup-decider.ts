import { AppError, type Decider, NotFound, type Tenant, ValidationFailed } from '@shipping/contracts-core';
import type { KeyMode, PickupEvent, PickupShipper } from './pickup-events';
import type { PickupOrder } from './pickup-types';

/**
 * Where a pickup stands with its carrier: `ready` when no carrier is asked (a test key, a carrier
 * without an adapter, no shipper of its own), `pending` while its shipper's carrier is asked,
 * then `scheduled` with the carrier's confirmation number or `failed` with its reason.
 */
export type CarrierStanding =
  | { status: 'ready' }
  | { status: 'pending' }
  | { status: 'scheduled'; confirmation_number: string }
  | { status: 'failed'; reason: string; outcome_unknown: boolean }
  | { status: 'cancelled'; confirmation_number: string | null };

export type PickupState =
  | { status: 'none' }
  | {
      status: 'ready';
      pickupId: number;
      accountId: string;
      mode: KeyMode;
      shipper: PickupShipper | null;
      pickup: PickupOrder;
      createdAt: string;
      standing: CarrierStanding;
    };

export const initialPickupState: PickupState = { status: 'none' };

/** The carrier's answer, as the label app gives it. */
export type CarrierAnswer =
  { ok: true; confirmation_number: string | null } | { ok: false; reason: string; outcome_unknown?: boolean };

export type PickupCommand =
  | {
      type: 'SchedulePickup';
      pickupId: number;
      tenant: Tenant;
      shipper: PickupShipper | null;
      pickup: PickupOrder;
      now: string;
    }
  | { type: 'RevisePickup'; pickupId: number; tenant: Tenant; pickup: PickupOrder; now: string }
  | { type: 'RecordCarrierAnswer'; pickupId: number; answer: CarrierAnswer; now: string }
  | { type: 'CancelPickup'; pickupId: number; tenant: Tenant; now: string };

export const UNKNOWN_PICKUP_MESSAGE = 'The selected id is invalid.';
export const PICKUP_NOT_FOUND_MESSAGE = 'Pickup order not found.';
export const pickupNotChangeableMessage = (pickupId: string, status: string) =>
  `Pickup order ${pickupId} is ${status} with its carrier and cannot be changed; cancel it and create another.`;
export const pickupStillSchedulingMessage = (pickupId: string) =>
  `Pickup order ${pickupId} is still being scheduled with its carrier; try again.`;

type Existing = Extract<PickupState, { status: 'ready' }>;

/** Another account's pickup, or one of the other key mode, is as unknown as one that does not exist. */
function ownedBy(state: PickupState, tenant: Tenant): state is Existing {
  return state.status === 'ready' && state.accountId === tenant.accountId && state.mode === tenant.mode;
}

export function decidePickup(command: PickupCommand, state: PickupState): PickupEvent[] {
  switch (command.type) {
    case 'SchedulePickup':
      if (state.status !== 'none') throw new Error(`Pickup id already used: ${state.pickupId}`);
      return [
        {
          type: 'PickupOrderScheduled',
          data: {
            pickup_id: command.pickupId,
            account_id: command.tenant.accountId,
            key_mode: command.tenant.mode,
            shipper: command.shipper,
            pickup: command.pickup,
            at: command.now,
          },
        },
      ];
    case 'RevisePickup':
      if (!ownedBy(state, command.tenant)) throw ValidationFailed.field('id', UNKNOWN_PICKUP_MESSAGE);
      if (state.standing.status !== 'ready')
        throw new AppError(
          'conflict',
          pickupNotChangeableMessage(String(command.pickupId), state.standing.status),
        );
      return [
        {
          type: 'PickupOrderRevised',
          data: {
            pickup_id: command.pickupId,
            account_id: command.tenant.accountId,
            pickup: command.pickup,
            at: command.now,
          },
        },
      ];
    case 'RecordCarrierAnswer': {
      // The first answer stands: a repeat (a retry, a redelivery) records nothing more.
      if (state.status !== 'ready' || state.standing.status !== 'pending') return [];
      const { answer, pickupId, now } = command;
      return answer.ok
        ? [
            {
              type: 'PickupScheduledWithCarrier',
              data: { pickup_id: pickupId, confirmation_number: answer.confirmation_number, at: now },
            },
          ]
        : [
            {
              type: 'PickupRefusedByCarrier',
              data: {
                pickup_id: pickupId,
                reason: answer.reason,
                outcome_unknown: answer.outcome_unknown === true,
                at: now,
              },
            },
          ];
    }
    case 'CancelPickup':
      if (!ownedBy(state, command.tenant)) throw new NotFound(PICKUP_NOT_FOUND_MESSAGE);
      if (state.standing.status === 'cancelled') return [];
      if (state.standing.status === 'pending')
        throw new AppError('conflict', pickupStillSchedulingMessage(String(command.pickupId)));
      return [{ type: 'PickupOrderCancelled', data: { pickup_id: command.pickupId, at: command.now } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown pickup command ${JSON.stringify(unknown)}`);
    }
  }
}

/** The standing after `event`, from the one before. */
export function nextStanding(standing: CarrierStanding, event: PickupEvent): CarrierStanding {
  switch (event.type) {
    case 'PickupOrderScheduled':
      return event.data.shipper ? { status: 'pending' } : { status: 'ready' };
    case 'PickupOrderRevised':
      return standing;
    case 'PickupScheduledWithCarrier':
      return event.data.confirmation_number === null
        ? { status: 'ready' }
        : { status: 'scheduled', confirmation_number: event.data.confirmation_number };
    case 'PickupRefusedByCarrier':
      return { status: 'failed', reason: event.data.reason, outcome_unknown: event.data.outcome_unknown };
    case 'PickupOrderCancelled':
      return {
        status: 'cancelled',
        confirmation_number: standing.status === 'scheduled' ? standing.confirmation_number : null,
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown pickup event ${JSON.stringify(unknown)}`);
    }
  }
}

export function evolvePickup(state: PickupState, event: PickupEvent): PickupState {
  if (event.type === 'PickupOrderScheduled')
    return {
      status: 'ready',
      pickupId: event.data.pickup_id,
      accountId: event.data.account_id,
      mode: event.data.key_mode,
      shipper: event.data.shipper,
      pickup: event.data.pickup,
      createdAt: event.data.at,
      standing: nextStanding({ status: 'ready' }, event),
    };
  if (state.status !== 'ready') return state;
  const pickup = event.type === 'PickupOrderRevised' ? event.data.pickup : state.pickup;
  return { ...state, pickup, standing: nextStanding(state.standing, event) };
}

/** A pickup order's decider; its stream is `pickupStreamName(pickupId)`. */
export const pickupDecider: Decider<PickupCommand, PickupEvent, PickupState> = {
  decide: decidePickup,
  evolve: evolvePickup,
  initialState: initialPickupState,
};
