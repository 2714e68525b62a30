import { ValidationFailed } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import { orderDecider, UNKNOWN_ORDER_MESSAGE } from './order-decider';
import type { OrderEvent } from './order-events';
import type { FreightOrder, ParcelOrder } from './order-types';

const spec = deciderSpec(orderDecider);
const now = '2026-11-21T10:00:00.000Z';
const freight = { pickup_date: '2026-12-01', items: [] } as unknown as FreightOrder;
const parcel = { package_list: [] } as unknown as ParcelOrder;
const drafted: OrderEvent = {
  type: 'FreightOrderDrafted',
  data: { shipment_order_id: 7, account_id: 'acct_acme', key_mode: 'test', order: freight, at: now },
};

const refusedAsUnknown = (error: unknown) => {
  expect(error).toBeInstanceOf(ValidationFailed);
  expect((error as ValidationFailed).fields).toEqual({ shipment_order_id: [UNKNOWN_ORDER_MESSAGE] });
};

describe('order decider', () => {
  it('drafts a new freight order', () => {
    spec
      .given([])
      .when({
        type: 'DraftFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'test',
        order: freight,
        now,
      })
      .then([drafted]);
  });

  it('drafts a new parcel order', () => {
    spec
      .given([])
      .when({
        type: 'DraftParcelOrder',
        shipmentOrderId: 8,
        accountId: 'acct_acme',
        keyMode: 'test',
        order: parcel,
        now,
      })
      .then([
        {
          type: 'ParcelOrderDrafted',
          data: { shipment_order_id: 8, account_id: 'acct_acme', key_mode: 'test', order: parcel, at: now },
        },
      ]);
  });

  it('revises its own draft of the same kind', () => {
    const revised = { ...freight, pickup_date: '2026-12-02' };
    spec
      .given([drafted])
      .when({
        type: 'ReviseFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'test',
        order: revised,
        now,
      })
      .then([
        {
          type: 'FreightOrderRevised',
          data: { shipment_order_id: 7, account_id: 'acct_acme', key_mode: 'test', order: revised, at: now },
        },
      ]);
  });

  it('refuses to revise an unknown order', () => {
    spec
      .given([])
      .when({
        type: 'ReviseFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'test',
        order: freight,
        now,
      })
      .thenThrows(refusedAsUnknown);
  });

  it("refuses to revise another account's order as if it did not exist", () => {
    spec
      .given([drafted])
      .when({
        type: 'ReviseFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_tiny',
        keyMode: 'test',
        order: freight,
        now,
      })
      .thenThrows(refusedAsUnknown);
  });

  it('refuses to revise an order of the other key mode as if it did not exist', () => {
    spec
      .given([drafted])
      .when({
        type: 'ReviseFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'live',
        order: freight,
        now,
      })
      .thenThrows(refusedAsUnknown);
  });

  it('records the mode of the key that drafts, and keeps it on revisions', () => {
    const live: OrderEvent = { ...drafted, data: { ...drafted.data, key_mode: 'live' } } as OrderEvent;
    spec
      .given([live])
      .when({
        type: 'ReviseFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'live',
        order: freight,
        now,
      })
      .then([{ type: 'FreightOrderRevised', data: { ...live.data } } as OrderEvent]);
  });

  it('refuses to revise a freight order through the parcel command', () => {
    spec
      .given([drafted])
      .when({
        type: 'ReviseParcelOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'test',
        order: parcel,
        now,
      })
      .thenThrows(refusedAsUnknown);
  });

  it('never drafts twice under one id', () => {
    spec
      .given([drafted])
      .when({
        type: 'DraftFreightOrder',
        shipmentOrderId: 7,
        accountId: 'acct_acme',
        keyMode: 'test',
        order: freight,
        now,
      })
      .thenThrows((error) => expect(String(error)).toContain('already used'));
  });
});
