import { instantShipRequestedV1ToV2 } from './instant-ship-upcasters';

describe('InstantShipRequested version 1', () => {
  it("reads as version 2: a test of its service's carrier on the merchant's own integration", () => {
    const v1 = {
      shipment_order_id: 7,
      account_id: 'acct_acme',
      service: 'USPS-1',
      shipper_id: 1,
      price_cents: 900,
    };
    expect(instantShipRequestedV1ToV2(v1)).toEqual({
      ...v1,
      shipper: { carrier: 'usps', integration: 'own' },
      key_mode: 'test',
    });
  });
});
