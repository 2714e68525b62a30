import { Conflict } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import { instantShipDecider } from './instant-ship-decider';
import type { InstantShipEvent, InstantShipParcel } from './instant-ship-events';

const spec = deciderSpec(instantShipDecider);
const now = '2026-11-21T10:00:00.000Z';
const parcel = { weight_unit: 'LBS', length_unit: 'IN', package_list: [] } as unknown as InstantShipParcel;
const requested: InstantShipEvent = {
  type: 'InstantShipRequested',
  data: {
    shipment_order_id: 9,
    account_id: 'acct_acme',
    service: 'USPS-1',
    shipper_id: 1,
    shipper: { carrier: 'usps', integration: 'own' },
    key_mode: 'test',
    price_cents: 820,
    parcel,
    at: now,
  },
};
const shipped: InstantShipEvent = {
  type: 'ParcelShipped',
  data: {
    shipment_order_id: 9,
    account_id: 'acct_acme',
    service: 'USPS-1',
    tracking_number: '9400TN',
    label_key: 'items/shipment-9.pdf',
    price_cents: 820,
    at: now,
  },
};
const failed: InstantShipEvent = {
  type: 'InstantShipFailed',
  data: {
    shipment_order_id: 9,
    account_id: 'acct_acme',
    code: 'carrier_refused',
    reason: 'ZIP not served',
    refunded_cents: 820,
    at: now,
  },
};
const ship = {
  type: 'RecordParcelShipped',
  trackingNumber: '9400TN',
  labelKey: 'items/shipment-9.pdf',
  now,
} as const;
const fail = {
  type: 'RecordInstantShipFailed',
  code: 'carrier_refused',
  reason: 'ZIP not served',
  refundedCents: 820,
  now,
} as const;
const isConflict = (error: unknown) => expect(error).toBeInstanceOf(Conflict);

describe('instant-ship decider', () => {
  it('records the request with its price and parcel', () => {
    spec
      .given([])
      .when({
        type: 'RequestInstantShip',
        shipmentOrderId: 9,
        accountId: 'acct_acme',
        service: 'USPS-1',
        shipperId: 1,
        shipper: { carrier: 'usps', integration: 'own' },
        keyMode: 'test',
        priceCents: 820,
        parcel,
        now,
      })
      .then([requested]);
  });

  it('refuses a second request on the same shipment', () => {
    spec
      .given([requested])
      .when({
        type: 'RequestInstantShip',
        shipmentOrderId: 9,
        accountId: 'acct_acme',
        service: 'USPS-1',
        shipperId: 1,
        shipper: { carrier: 'usps', integration: 'own' },
        keyMode: 'test',
        priceCents: 820,
        parcel,
        now,
      })
      .thenThrows(isConflict);
  });

  it('ships a requested parcel with the price it was charged', () => {
    spec.given([requested]).when(ship).then([shipped]);
  });

  it('records the same shipment twice as once (a recovery after the request finished it)', () => {
    spec.given([requested, shipped]).when(ship).then([]);
  });

  it('fails a requested parcel with its refund', () => {
    spec.given([requested]).when(fail).then([failed]);
  });

  it('fails once', () => {
    spec.given([requested, failed]).when(fail).then([]);
  });

  it('never turns a shipped parcel into a failed one, or back', () => {
    spec.given([requested, shipped]).when(fail).thenThrows(isConflict);
    spec.given([requested, failed]).when(ship).thenThrows(isConflict);
  });

  it('refuses an outcome for a shipment nobody requested', () => {
    spec.given([]).when(ship).thenThrows(isConflict);
    spec.given([]).when(fail).thenThrows(isConflict);
  });
});
