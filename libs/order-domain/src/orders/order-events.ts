import type { KeyMode } from '@shipping/contracts-core';
import type { FreightOrder, ParcelOrder } from './order-types';

/** What every event of an order carries: the order, its tenant (account and key mode) and when. */
interface OrderEventData<Order> {
  shipment_order_id: number;
  account_id: string;
  /** Version 2: the mode of the API key that drafted the order; only keys of that mode see it. */
  key_mode: KeyMode;
  order: Order;
  at: string;
}

/**
 * Events of an `order-<id>` stream. Every type is at version 2, which adds `key_mode`; a version 1
 * event was written before orders had a mode and reads as a test order.
 */
export type OrderEvent =
  | { type: 'FreightOrderDrafted'; data: OrderEventData<FreightOrder> }
  | { type: 'FreightOrderRevised'; data: OrderEventData<FreightOrder> }
  | { type: 'ParcelOrderDrafted'; data: OrderEventData<ParcelOrder> }
  | { type: 'ParcelOrderRevised'; data: OrderEventData<ParcelOrder> };

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
