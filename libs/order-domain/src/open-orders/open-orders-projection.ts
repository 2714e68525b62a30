import type { KeyMode } from '@shipping/contracts-core';
import type { OrderEvent, OrderEventType } from '../orders/order-events';
import type { FreightOrder, OrderKind, ParcelOrder } from '../orders/order-types';

/** One row of the dashboard's open-orders page. */
export interface OpenOrder {
  shipment_order_id: number;
  account_id: string;
  /** With the account, whose order it is: only keys of this mode see it. */
  key_mode: KeyMode;
  kind: OrderKind;
  status: 'draft';
  summary: OpenOrderSummary;
  created_at: string;
  updated_at: string;
}

export interface OpenOrderSummary {
  from: string;
  to: string;
  pieces: number;
  total_weight: string;
  ship_date: string | null;
}

export const OPEN_ORDERS_HANDLES: readonly OrderEventType[] = [
  'FreightOrderDrafted',
  'FreightOrderRevised',
  'ParcelOrderDrafted',
  'ParcelOrderRevised',
];

const place = (address: { city: string; country: string; state?: string | null }) =>
  [address.city, address.state, address.country].filter(Boolean).join(', ');

const round = (value: number) => Math.round(value * 1000) / 1000;

function freightSummary(order: FreightOrder): OpenOrderSummary {
  return {
    from: place(order.from_address),
    to: place(order.to_address),
    pieces: order.items.reduce((sum, item) => sum + item.count, 0),
    total_weight: `${round(order.items.reduce((sum, item) => sum + item.count * item.weight, 0))} LBS`,
    ship_date: order.pickup_date,
  };
}

function parcelSummary(order: ParcelOrder): OpenOrderSummary {
  return {
    from: place(order.from_address),
    to: place(order.to_address),
    pieces: order.package_list.reduce((sum, pkg) => sum + pkg.count, 0),
    total_weight: `${round(order.package_list.reduce((sum, pkg) => sum + pkg.count * pkg.weight, 0))} ${order.weight_unit}`,
    ship_date: null,
  };
}

/** Pure projection: the open-orders row after an order event. */
export function projectOpenOrder(current: OpenOrder | undefined, event: OrderEvent): OpenOrder {
  const { shipment_order_id, account_id, key_mode, at } = event.data;
  const base = { shipment_order_id, account_id, key_mode, status: 'draft' as const, updated_at: at };
  switch (event.type) {
    case 'FreightOrderDrafted':
    case 'FreightOrderRevised':
      return {
        ...base,
        kind: 'freight',
        summary: freightSummary(event.data.order),
        created_at: current?.created_at ?? at,
      };
    case 'ParcelOrderDrafted':
    case 'ParcelOrderRevised':
      return {
        ...base,
        kind: 'parcel',
        summary: parcelSummary(event.data.order),
        created_at: current?.created_at ?? at,
      };
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled order event ${JSON.stringify(unknown)}`);
    }
  }
}
