import { BATCH_EVENT_TYPES, BATCH_STREAM_PREFIX } from '@shipping/batch-domain';
import {
  INSTANT_SHIP_EVENT_TYPES,
  ORDER_EVENT_TYPES,
  ORDER_STREAM_PREFIX,
  SHIPMENT_STREAM_PREFIX,
} from '@shipping/order-domain';
import { PICKUP_STREAM_PREFIX, type PickupEvent } from '@shipping/pickup-domain';

/** A category of streams whose events other teams read from `shipping.<context>.events`. */
export interface PublishedCategory {
  /** Names the topic, the CloudEvent source and the type prefix. */
  context: string;
  streamPrefix: string;
  /** The app whose store holds these streams: only it publishes them. */
  owner: string;
  types: readonly string[];
}

const PICKUP_EVENT_TYPES: readonly PickupEvent['type'][] = [
  'PickupOrderScheduled',
  'PickupOrderRevised',
  'PickupScheduledWithCarrier',
  'PickupRefusedByCarrier',
  'PickupOrderCancelled',
];

/**
 * The public contract. `ledger-<account>` streams stay internal: an account's balance is the
 * billing team's concern, and what other teams need of it (a price, a refund) is already on the
 * batch and shipment events.
 */
export const PUBLISHED_CATEGORIES: readonly PublishedCategory[] = [
  { context: 'order', streamPrefix: ORDER_STREAM_PREFIX, owner: 'order', types: ORDER_EVENT_TYPES },
  {
    context: 'shipment',
    streamPrefix: SHIPMENT_STREAM_PREFIX,
    owner: 'order',
    types: INSTANT_SHIP_EVENT_TYPES,
  },
  { context: 'pickup', streamPrefix: PICKUP_STREAM_PREFIX, owner: 'pickup', types: PICKUP_EVENT_TYPES },
  { context: 'batch', streamPrefix: BATCH_STREAM_PREFIX, owner: 'batch', types: BATCH_EVENT_TYPES },
];

export function categoriesOwnedBy(app: string): PublishedCategory[] {
  return PUBLISHED_CATEGORIES.filter((category) => category.owner === app);
}

export function publicTopic(category: Pick<PublishedCategory, 'context'>): string {
  return `shipping.${category.context}.events`;
}

export function publishedCategory(context: string): PublishedCategory {
  const category = PUBLISHED_CATEGORIES.find((candidate) => candidate.context === context);
  if (!category) throw new Error(`No events are published for ${context}`);
  return category;
}
