import type { PublishedCategory } from './published-categories';

/** A category as an app registers one (the pickup app's), for the platform's own specs. */
export const PICKUPS: PublishedCategory = {
  context: 'pickup',
  streamPrefix: 'pickup-',
  types: [
    'PickupOrderScheduled',
    'PickupOrderRevised',
    'PickupScheduledWithCarrier',
    'PickupRefusedByCarrier',
    'PickupOrderCancelled',
  ],
  key: { description: 'The pickup order id.', example: '311' },
  declaredIn: { file: 'libs/pickup-domain/src/pickups/pickup-events.ts', union: 'PickupEvent' },
};
