import { AppError, Conflict } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import {
  INSUFFICIENT_CREDIT_FOR_SHIPMENT_MESSAGE,
  type LedgerCommand,
  ledgerDecider,
} from './ledger-decider';
import type { LedgerEvent } from './ledger-events';

const spec = deciderSpec(ledgerDecider);
const now = '2026-11-21T10:00:00.000Z';
const account_id = 'acct_tiny';

const granted: LedgerEvent = {
  type: 'CreditGranted',
  data: { account_id, grant_id: 'seed', amount_cents: 500, reason: 'Sandbox credit', at: now },
};
const charge = (shipmentOrderId: number, amountCents: number): LedgerCommand => ({
  type: 'ChargeShipment',
  accountId: account_id,
  shipmentOrderId,
  amountCents,
  now,
});
const refund = (shipmentOrderId: number, amountCents: number): LedgerCommand => ({
  type: 'RefundShipment',
  accountId: account_id,
  shipmentOrderId,
  amountCents,
  now,
});
const charged = (shipment_order_id: number, amount_cents: number): LedgerEvent => ({
  type: 'ShipmentCharged',
  data: { account_id, shipment_order_id, amount_cents, at: now },
});
const refunded = (shipment_order_id: number, amount_cents: number): LedgerEvent => ({
  type: 'ShipmentRefunded',
  data: { account_id, shipment_order_id, amount_cents, at: now },
});

describe('ledger: instant shipments', () => {
  it('charges a shipment the account can pay, down to the last cent', () => {
    spec
      .given([granted])
      .when(charge(7, 500))
      .then([charged(7, 500)]);
  });

  it('refuses a shipment the account cannot pay, saying funds must be added', () => {
    spec
      .given([granted, charged(7, 300)])
      .when(charge(8, 201))
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(AppError);
        expect((error as AppError).toPayload()).toEqual({
          code: 'insufficient_credit',
          message: INSUFFICIENT_CREDIT_FOR_SHIPMENT_MESSAGE,
        });
      });
  });

  it('charges a shipment once, however often asked, and never again after its refund', () => {
    spec
      .given([granted, charged(7, 300)])
      .when(charge(7, 300))
      .then([]);
    spec
      .given([granted, charged(7, 300), refunded(7, 300)])
      .when(charge(7, 300))
      .then([]);
  });

  it('refunds a charged shipment once, and the refund can be spent again', () => {
    spec
      .given([granted, charged(7, 500)])
      .when(refund(7, 500))
      .then([refunded(7, 500)]);
    spec
      .given([granted, charged(7, 500), refunded(7, 500)])
      .when(refund(7, 500))
      .then([]);
    spec
      .given([granted, charged(7, 500), refunded(7, 500)])
      .when(charge(8, 500))
      .then([charged(8, 500)]);
  });

  it('refunds exactly what was charged, and nothing for a shipment never charged', () => {
    spec
      .given([granted, charged(7, 300)])
      .when(refund(7, 301))
      .thenThrows((error) => expect(error).toBeInstanceOf(Conflict));
    spec
      .given([granted])
      .when(refund(9, 100))
      .thenThrows((error) => expect(error).toBeInstanceOf(Conflict));
  });
});
