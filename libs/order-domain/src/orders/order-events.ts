import type { FreightOrder, ParcelOrder } from './order-types';

/** Events of an `order-<id>` stream. Every type is versioned; these are version 1. */
export type OrderEvent =
  | {
      type: 'FreightOrderDrafted';
      data: { shipment_order_id: number; account_id: string; order: FreightOrder; at: string };
    }
  | {
      type: 'FreightOrderRevised';
      data: { shipment_order_id: number; account_id: string; order: FreightOrder; at: string };
    }
  | {
      type: 'ParcelOrderDrafted';
      data: { shipment_order_id: number; account_id: string; order: ParcelOrder; at: string };
    }
  | {
      type: 'ParcelOrderRevised';
      data: { shipment_order_id: number; account_id: string; order: ParcelOrder; at: string };
    };

export type OrderEventType = OrderEvent['type'];

export const ORDER_EVENT_TYPES: readonly OrderEventType[] = [
  'FreightOrderDrafted',
  'FreightOrderRevised',
  'ParcelOrderDrafted',
  'ParcelOrderRevised',
];

export const ORDER_STREAM_PREFIX = 'order-';

export function orderStreamName(shipmentOrderId: number): string {
  return `${ORDER_STREAM_PREFIX}${shipmentOrderId}`;
}

export function isOrderEvent(event: { type: string }): event is OrderEvent {
  return (ORDER_EVENT_TYPES as readonly string[]).includes(event.type);
}
