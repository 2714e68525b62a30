import { AppError, NotFound, ValidationFailed } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import { PICKUP_NOT_FOUND_MESSAGE, pickupDecider, UNKNOWN_PICKUP_MESSAGE } from './pickup-decider';
import type { PickupEvent } from './pickup-events';
import type { PickupOrder } from './pickup-types';

const spec = deciderSpec(pickupDecider);
const now = '2026-11-21T10:00:00.000Z';
const pickup = { carrier: 'ups', pieces: [] } as unknown as PickupOrder;
const acme = { accountId: 'acct_acme', mode: 'test' } as const;
const acmeLive = { accountId: 'acct_acme', mode: 'live' } as const;
const scheduled: PickupEvent = {
  type: 'PickupOrderScheduled',
  data: { pickup_id: 5, account_id: 'acct_acme', key_mode: 'test', shipper: null, pickup, at: now },
};
const liveUsps: PickupEvent = {
  type: 'PickupOrderScheduled',
  data: {
    pickup_id: 5,
    account_id: 'acct_acme',
    key_mode: 'live',
    shipper: { shipper_id: 1, integration: 'own' },
    pickup: { ...pickup, carrier: 'usps' },
    at: now,
  },
};
const confirmed: PickupEvent = {
  type: 'PickupScheduledWithCarrier',
  data: { pickup_id: 5, confirmation_number: 'WTC00000001', at: now },
};

describe('pickup decider', () => {
  it('schedules a new pickup in the mode of its key', () => {
    spec
      .given([])
      .when({ type: 'SchedulePickup', pickupId: 5, tenant: acme, shipper: null, pickup, now })
      .then([scheduled]);
  });

  it('revises its own pickup', () => {
    const revised = { ...pickup, carrier: 'dhl' };
    spec
      .given([scheduled])
      .when({ type: 'RevisePickup', pickupId: 5, tenant: acme, pickup: revised, now })
      .then([
        {
          type: 'PickupOrderRevised',
          data: { pickup_id: 5, account_id: 'acct_acme', pickup: revised, at: now },
        },
      ]);
  });

  it.each([
    ['an unknown pickup', [], acme],
    ["another account's pickup", [scheduled], { accountId: 'acct_tiny', mode: 'test' }],
    ['a pickup of the other key mode', [scheduled], acmeLive],
  ])('refuses to revise %s as an invalid id', (_case, history, tenant) => {
    spec
      .given(history as PickupEvent[])
      .when({ type: 'RevisePickup', pickupId: 5, tenant: tenant as typeof acme, pickup, now })
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(ValidationFailed);
        expect((error as ValidationFailed).fields).toEqual({ id: [UNKNOWN_PICKUP_MESSAGE] });
      });
  });

  it('records the first carrier answer only', () => {
    const answer = { ok: true, confirmation_number: 'WTC00000001' } as const;
    spec.given([liveUsps]).when({ type: 'RecordCarrierAnswer', pickupId: 5, answer, now }).then([confirmed]);
    spec
      .given([liveUsps, confirmed])
      .when({ type: 'RecordCarrierAnswer', pickupId: 5, answer: { ok: false, reason: 'late' }, now })
      .then([]);
  });

  it('records a refusal and an unknown outcome with their reasons', () => {
    spec
      .given([liveUsps])
      .when({
        type: 'RecordCarrierAnswer',
        pickupId: 5,
        answer: { ok: false, reason: 'USPS may have scheduled', outcome_unknown: true },
        now,
      })
      .then([
        {
          type: 'PickupRefusedByCarrier',
          data: { pickup_id: 5, reason: 'USPS may have scheduled', outcome_unknown: true, at: now },
        },
      ]);
  });

  it('does not change a pickup a carrier scheduled', () => {
    spec
      .given([liveUsps, confirmed])
      .when({ type: 'RevisePickup', pickupId: 5, tenant: acmeLive, pickup, now })
      .thenThrows((error) => expect((error as AppError).code).toBe('conflict'));
  });

  it('cancels its own pickup once, and answers another mode’s or account’s as not found', () => {
    const cancelled: PickupEvent = { type: 'PickupOrderCancelled', data: { pickup_id: 5, at: now } };
    spec
      .given([liveUsps, confirmed])
      .when({ type: 'CancelPickup', pickupId: 5, tenant: acmeLive, now })
      .then([cancelled]);
    spec
      .given([liveUsps, confirmed, cancelled])
      .when({ type: 'CancelPickup', pickupId: 5, tenant: acmeLive, now })
      .then([]);
    for (const tenant of [acme, { accountId: 'acct_tiny', mode: 'live' } as const])
      spec
        .given([liveUsps, confirmed])
        .when({ type: 'CancelPickup', pickupId: 5, tenant, now })
        .thenThrows((error) => {
          expect(error).toBeInstanceOf(NotFound);
          expect((error as NotFound).message).toBe(PICKUP_NOT_FOUND_MESSAGE);
        });
  });

  it('does not cancel a pickup its carrier is still being asked for', () => {
    spec
      .given([liveUsps])
      .when({ type: 'CancelPickup', pickupId: 5, tenant: acmeLive, now })
      .thenThrows((error) => expect((error as AppError).code).toBe('conflict'));
  });
});
