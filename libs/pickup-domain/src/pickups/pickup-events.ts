import type { PickupOrder } from './pickup-types';

/** Events of a `pickup-<id>` stream, version 2 (version 1 is upcast on reading: pickup-upcasters.ts). */
export type PickupEvent =
  | {
      type: 'PickupOrderScheduled';
      data: { pickup_id: number; account_id: string; pickup: PickupOrder; at: string };
    }
  | {
      type: 'PickupOrderRevised';
      data: { pickup_id: number; account_id: string; pickup: PickupOrder; at: string };
    };

export const PICKUP_STREAM_PREFIX = 'pickup-';

export function pickupStreamName(pickupId: number): string {
  return `${PICKUP_STREAM_PREFIX}${pickupId}`;
}

export function isPickupEvent(event: { type: string }): event is PickupEvent {
  return event.type === 'PickupOrderScheduled' || event.type === 'PickupOrderRevised';
}
