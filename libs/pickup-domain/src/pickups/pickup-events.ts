import type { PickupOrder } from './pickup-types';

export type KeyMode = 'test' | 'live';

/**
 * The shipper whose own carrier account schedules the pickup with the carrier: recorded for a
 * live key's pickup when the account has a shipper of the pickup's carrier on its own integration.
 */
export interface PickupShipper {
  shipper_id: number;
  integration: 'own';
}

/**
 * Events of a `pickup-<id>` stream. PickupOrderScheduled is version 3 (it records the key's mode
 * and the shipper the carrier schedules it with), PickupOrderRevised version 2; older versions
 * are upcast on reading (pickup-upcasters.ts). The carrier's answers are version 1.
 */
export type PickupEvent =
  | {
      type: 'PickupOrderScheduled';
      data: {
        pickup_id: number;
        account_id: string;
        key_mode: KeyMode;
        shipper: PickupShipper | null;
        pickup: PickupOrder;
        at: string;
      };
    }
  | {
      type: 'PickupOrderRevised';
      data: { pickup_id: number; account_id: string; pickup: PickupOrder; at: string };
    }
  | {
      /** The carrier's answer; `confirmation_number` null when no carrier adapter took the pickup. */
      type: 'PickupScheduledWithCarrier';
      data: { pickup_id: number; confirmation_number: string | null; at: string };
    }
  | {
      /** The carrier refused, or its answer was lost (`outcome_unknown`) and it is not asked again. */
      type: 'PickupRefusedByCarrier';
      data: { pickup_id: number; reason: string; outcome_unknown: boolean; at: string };
    }
  | {
      type: 'PickupOrderCancelled';
      data: { pickup_id: number; at: string };
    };

export const PICKUP_STREAM_PREFIX = 'pickup-';

export function pickupStreamName(pickupId: number): string {
  return `${PICKUP_STREAM_PREFIX}${pickupId}`;
}

const PICKUP_EVENT_TYPES: ReadonlySet<string> = new Set<PickupEvent['type']>([
  'PickupOrderScheduled',
  'PickupOrderRevised',
  'PickupScheduledWithCarrier',
  'PickupRefusedByCarrier',
  'PickupOrderCancelled',
]);

export function isPickupEvent(event: { type: string }): event is PickupEvent {
  return PICKUP_EVENT_TYPES.has(event.type);
}
