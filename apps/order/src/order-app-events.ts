import {
  INSTANT_SHIP_EVENT_TYPES,
  INSTANT_SHIP_EVENT_UPCASTERS,
  ORDER_EVENT_TYPES,
  ORDER_EVENT_UPCASTERS,
  ORDER_STREAM_PREFIX,
  SHIPMENT_STREAM_PREFIX,
} from '@shipping/order-domain';
import type { AppEvents } from '@shipping/platform/public-events';

/**
 * Draft orders and instant shipments, both published. `account-` and `api-keys-` streams stay
 * internal: other teams learn of an account through the work done for it.
 */
export const ORDER_APP_EVENTS: AppEvents = {
  upcasters: [...ORDER_EVENT_UPCASTERS, ...INSTANT_SHIP_EVENT_UPCASTERS],
  published: [
    {
      context: 'order',
      streamPrefix: ORDER_STREAM_PREFIX,
      types: ORDER_EVENT_TYPES,
      key: { description: 'The draft order id (`shipment_order_id`).', example: '7201' },
      declaredIn: { file: 'libs/order-domain/src/orders/order-events.ts', union: 'OrderEvent' },
    },
    {
      context: 'shipment',
      streamPrefix: SHIPMENT_STREAM_PREFIX,
      types: INSTANT_SHIP_EVENT_TYPES,
      key: { description: 'The instant-ship `shipment_order_id`.', example: '7202' },
      declaredIn: {
        file: 'libs/order-domain/src/instant-ship/instant-ship-events.ts',
        union: 'InstantShipEvent',
      },
    },
  ],
};
