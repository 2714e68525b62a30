import { ORDER_EVENT_TYPES } from './order-events';
import { ORDER_EVENT_UPCASTERS, orderEventV1ToV2 } from './order-upcasters';

describe('order events of version 1', () => {
  it('read as version 2: a test order', () => {
    const v1 = { shipment_order_id: 7, account_id: 'acct_acme', order: { items: [] }, at: '2026-11-21' };
    expect(orderEventV1ToV2(v1)).toEqual({ ...v1, key_mode: 'test' });
  });

  it('are upcast for every order event type, from version 1', () => {
    expect(ORDER_EVENT_UPCASTERS.map(({ type, fromVersion }) => [type, fromVersion])).toEqual(
      ORDER_EVENT_TYPES.map((type) => [type, 1]),
    );
  });
});
