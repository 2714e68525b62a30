import { PICKUP_EVENT_UPCASTERS, PICKUP_STREAM_PREFIX, type PickupEvent } from '@shipping/pickup-domain';
import type { AppEvents } from '@shipping/platform/public-events';

const PICKUP_EVENT_TYPES: readonly PickupEvent['type'][] = [
  'PickupOrderScheduled',
  'PickupOrderRevised',
  'PickupScheduledWithCarrier',
  'PickupRefusedByCarrier',
  'PickupOrderCancelled',
];

export const PICKUP_APP_EVENTS: AppEvents = {
  upcasters: PICKUP_EVENT_UPCASTERS,
  published: [
    {
      context: 'pickup',
      streamPrefix: PICKUP_STREAM_PREFIX,
      types: PICKUP_EVENT_TYPES,
      key: { description: 'The pickup order id.', example: '311' },
      declaredIn: { file: 'libs/pickup-domain/src/pickups/pickup-events.ts', union: 'PickupEvent' },
    },
  ],
};
