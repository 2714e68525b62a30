import { AppError, Conflict, IDEMPOTENCY_KEY_REUSED_MESSAGE } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import { INSUFFICIENT_CREDIT_MESSAGE, type LedgerCommand, ledgerDecider } from './ledger-decider';
import { CreditIdReused } from './ledger-errors';
import type { LedgerEvent } from './ledger-events';

const spec = deciderSpec(ledgerDecider);
const now = '2026-11-21T10:00:00.000Z';
const account_id = 'acct_tiny';

const grant = (amountCents: number, grantId = 'seed'): LedgerCommand => ({
  type: 'GrantCredit',
  accountId: account_id,
  grantId,
  amountCents,
  reason: 'Sandbox credit',
  now,
});
const charge = (batchId: string, amountCents: number): LedgerCommand => ({
  type: 'ChargeBatch',
  accountId: account_id,
  batchId,
  amountCents,
  now,
});
const refund = (batchId: string, itemId: string, amountCents: number): LedgerCommand => ({
  type: 'RefundItem',
  accountId: account_id,
  batchId,
  itemId,
  amountCents,
  now,
});

const granted = (amount_cents: number, grant_id = 'seed'): LedgerEvent => ({
  type: 'CreditGranted',
  data: { account_id, grant_id, amount_cents, reason: 'Sandbox credit', at: now },
});
const charged = (batch_id: string, amount_cents: number): LedgerEvent => ({
  type: 'BatchCharged',
  data: { account_id, batch_id, amount_cents, at: now },
});
const refunded = (batch_id: string, item_id: string, amount_cents: number): LedgerEvent => ({
  type: 'ItemRefunded',
  data: { account_id, batch_id, item_id, amount_cents, at: now },
});

const notEnoughCredit = (error: unknown) => {
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).toPayload()).toEqual({
    code: 'insufficient_credit',
    message: INSUFFICIENT_CREDIT_MESSAGE,
  });
};

describe('ledger', () => {
  describe('granting credit', () => {
    it('grants credit once per grant id', () => {
      spec
        .given([])
        .when(grant(500))
        .then([granted(500)]);
      spec
        .given([granted(500)])
        .when(grant(500))
        .then([]);
    });

    it('grants again under another grant id', () => {
      spec
        .given([granted(500)])
        .when(grant(700, 'top-up-1'))
        .then([granted(700, 'top-up-1')]);
    });
  });

  describe('adding credit', () => {
    const add = (amountCents: number, creditId = 'c1', reference = 'INV-7'): LedgerCommand => ({
      type: 'AddCredit',
      accountId: account_id,
      creditId,
      amountCents,
      reference,
      now,
    });
    const added = (amount_cents: number, credit_id = 'c1', reference = 'INV-7'): LedgerEvent => ({
      type: 'CreditAdded',
      data: { account_id, credit_id, amount_cents, reference, at: now },
    });
    const refusedAsReused = (error: unknown) => {
      expect(error).toBeInstanceOf(CreditIdReused);
      expect((error as AppError).toPayload()).toEqual({
        code: 'validation_failed',
        message: IDEMPOTENCY_KEY_REUSED_MESSAGE,
      });
    };

    it('adds credit once per credit id, and the credit can be spent to the last cent', () => {
      spec
        .given([])
        .when(add(25_000))
        .then([added(25_000)]);
      spec
        .given([added(25_000)])
        .when(add(25_000))
        .then([]);
      spec
        .given([added(25_000)])
        .when(charge('b1', 25_000))
        .then([charged('b1', 25_000)]);
    });

    it('adds nothing for a credit id repeated with the same amount and reference', () => {
      spec
        .given([added(25_000), charged('b1', 1_000)])
        .when(add(25_000))
        .then([]);
    });

    it('remembers what each credit id added and the balance right after it', () => {
      const state = [granted(500), added(25_000), charged('b1', 1_000), added(700, 'c2', 'INV-8')].reduce(
        ledgerDecider.evolve,
        ledgerDecider.initialState,
      );
      expect(state.creditIds).toEqual(
        new Map([
          ['c1', { amountCents: 25_000, reference: 'INV-7', balanceAfterCents: 25_500 }],
          ['c2', { amountCents: 700, reference: 'INV-8', balanceAfterCents: 25_200 }],
        ]),
      );
    });

    it('refuses a credit id repeated with another amount, as a reused Idempotency-Key', () => {
      spec
        .given([added(25_000)])
        .when(add(30_000))
        .thenThrows(refusedAsReused);
    });

    it('refuses a credit id repeated with another reference, as a reused Idempotency-Key', () => {
      spec
        .given([added(25_000)])
        .when(add(25_000, 'c1', 'INV-9'))
        .thenThrows(refusedAsReused);
    });

    it.each([0, -100, 0.5])('refuses %p cents', (amount) => {
      spec
        .given([])
        .when(add(amount))
        .thenThrows((error) => expect(String(error)).toContain('cents'));
    });
  });

  describe('charging a batch', () => {
    it('charges a batch the account can pay, down to the last cent', () => {
      spec
        .given([granted(500)])
        .when(charge('b1', 500))
        .then([charged('b1', 500)]);
    });

    it('refuses a batch the account cannot pay', () => {
      spec
        .given([granted(500)])
        .when(charge('b1', 501))
        .thenThrows(notEnoughCredit);
    });

    it('counts earlier charges against the balance', () => {
      spec
        .given([granted(500), charged('b1', 300)])
        .when(charge('b2', 201))
        .thenThrows(notEnoughCredit);
    });

    it('charges a batch exactly once, however often asked', () => {
      spec
        .given([granted(500), charged('b1', 500)])
        .when(charge('b1', 500))
        .then([]);
    });

    it('says funds must be added', () => {
      expect(INSUFFICIENT_CREDIT_MESSAGE).toMatch(/not enough credit/i);
      expect(INSUFFICIENT_CREDIT_MESSAGE).toMatch(/add funds/i);
    });
  });

  describe('refunding an item', () => {
    it('refunds an item of a charged batch once, and the refund can be spent again', () => {
      spec
        .given([granted(500), charged('b1', 500)])
        .when(refund('b1', 'i1', 200))
        .then([refunded('b1', 'i1', 200)]);
      spec
        .given([granted(500), charged('b1', 500), refunded('b1', 'i1', 200)])
        .when(refund('b1', 'i1', 200))
        .then([]);
      spec
        .given([granted(500), charged('b1', 500), refunded('b1', 'i1', 200)])
        .when(charge('b2', 200))
        .then([charged('b2', 200)]);
    });

    it('refuses to refund an item of a batch never charged', () => {
      spec
        .given([granted(500)])
        .when(refund('b1', 'i1', 200))
        .thenThrows((error) => expect(error).toBeInstanceOf(Conflict));
    });

    it('never refunds a batch more than it paid', () => {
      spec
        .given([granted(500), charged('b1', 300), refunded('b1', 'i1', 200)])
        .when(refund('b1', 'i2', 101))
        .thenThrows((error) => expect(error).toBeInstanceOf(Conflict));
    });
  });

  it.each([12.5, -1, Number.POSITIVE_INFINITY])('refuses the amount %p: money is whole cents', (amount) => {
    spec
      .given([granted(500)])
      .when(charge('b1', amount))
      .thenThrows((error) => expect(String(error)).toContain('cents'));
  });
});
