import { toHundredths } from '../rates/pickup-quote';
import type { PickupEvent } from './pickup-events';

/** A pickup piece as version 1 of the pickup events recorded it: its weight in pounds, as sent. */
interface PieceV1 {
  weight: number;
  [field: string]: unknown;
}

type PickupDataV1 = { pickup: { pieces: PieceV1[]; [field: string]: unknown }; [field: string]: unknown };

/**
 * Version 2: each piece's weight is integer hundredths of a pound (`weight_hundredths`), rounded
 * once when the order is taken, instead of the float pounds of version 1 that every reader had to
 * round again. Rounding a version 1 weight the same way gives exactly what version 2 records.
 */
export function pickupDataV1ToV2(data: unknown): PickupEvent['data'] {
  const v1 = data as PickupDataV1;
  const pieces = v1.pickup.pieces.map(({ weight, ...piece }) => ({
    ...piece,
    weight_hundredths: toHundredths(weight),
  }));
  return { ...v1, pickup: { ...v1.pickup, pieces } } as unknown as PickupEvent['data'];
}

type Scheduled = Extract<PickupEvent, { type: 'PickupOrderScheduled' }>['data'];

/**
 * Version 3 of PickupOrderScheduled records the mode of the key that created the pickup and the
 * shipper a carrier schedules it with. Version 2 was recorded before keys had a mode reach the
 * pickup app, and no carrier was asked: it reads as a test pickup with no shipper (decision 0101).
 */
export function pickupScheduledV2ToV3(data: unknown): Scheduled {
  return { ...(data as object), key_mode: 'test', shipper: null } as unknown as Scheduled;
}

export const PICKUP_EVENT_UPCASTERS = [
  { type: 'PickupOrderScheduled', fromVersion: 1, upcast: pickupDataV1ToV2 },
  { type: 'PickupOrderScheduled', fromVersion: 2, upcast: pickupScheduledV2ToV3 },
  { type: 'PickupOrderRevised', fromVersion: 1, upcast: pickupDataV1ToV2 },
] as const;
