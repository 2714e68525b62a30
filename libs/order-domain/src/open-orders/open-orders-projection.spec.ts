import type { OrderEvent } from '../orders/order-events';
import type { FreightOrder, ParcelOrder } from '../orders/order-types';
import { projectOpenOrder } from './open-orders-projection';

const address = (city: string, country: string, state?: string) =>
  ({ city, country, state }) as FreightOrder['from_address'];
const freight = {
  pickup_date: '2026-12-01',
  from_address: address('New York', 'US', 'NY'),
  to_address: address('Toronto', 'CA', 'ON'),
  items: [
    { count: 2, weight: 100.5 },
    { count: 1, weight: 0.25 },
  ],
} as unknown as FreightOrder;
const parcel = {
  from_address: address('Berlin', 'DE'),
  to_address: address('Paris', 'FR'),
  weight_unit: 'KG',
  package_list: [{ count: 3, weight: 1.1 }],
} as unknown as ParcelOrder;

describe('open-orders projection', () => {
  it('adds a drafted freight order with its summary', () => {
    const event: OrderEvent = {
      type: 'FreightOrderDrafted',
      data: {
        shipment_order_id: 1,
        account_id: 'a',
        key_mode: 'live',
        order: freight,
        at: '2026-11-21T10:00:00Z',
      },
    };
    expect(projectOpenOrder(undefined, event)).toEqual({
      shipment_order_id: 1,
      account_id: 'a',
      key_mode: 'live',
      kind: 'freight',
      status: 'draft',
      summary: {
        from: 'New York, NY, US',
        to: 'Toronto, ON, CA',
        pieces: 3,
        total_weight: '201.25 LBS',
        ship_date: '2026-12-01',
      },
      created_at: '2026-11-21T10:00:00Z',
      updated_at: '2026-11-21T10:00:00Z',
    });
  });

  it('keeps the creation time when an order is revised', () => {
    const drafted = projectOpenOrder(undefined, {
      type: 'ParcelOrderDrafted',
      data: {
        shipment_order_id: 2,
        account_id: 'a',
        key_mode: 'live',
        order: parcel,
        at: '2026-11-21T10:00:00Z',
      },
    });
    const revised = projectOpenOrder(drafted, {
      type: 'ParcelOrderRevised',
      data: {
        shipment_order_id: 2,
        account_id: 'a',
        key_mode: 'live',
        order: parcel,
        at: '2026-11-21T11:00:00Z',
      },
    });
    expect([revised.created_at, revised.updated_at]).toEqual([
      '2026-11-21T10:00:00Z',
      '2026-11-21T11:00:00Z',
    ]);
    expect(revised.summary).toEqual({
      from: 'Berlin, DE',
      to: 'Paris, FR',
      pieces: 3,
      total_weight: '3.3 KG',
      ship_date: null,
    });
  });
});
