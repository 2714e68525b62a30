import { ValidationFailed } from '@shipping/contracts-core';
import { deciderSpec } from '@shipping/testing';
import { pickupDecider, UNKNOWN_PICKUP_MESSAGE } from './pickup-decider';
import type { PickupEvent } from './pickup-events';
import type { PickupOrder } from './pickup-types';

const spec = deciderSpec(pickupDecider);
const now = '2026-11-21T10:00:00.000Z';
const pickup = { carrier: 'ups', pieces: [] } as unknown as PickupOrder;
const scheduled: PickupEvent = {
  type: 'PickupOrderScheduled',
  data: { pickup_id: 5, account_id: 'acct_acme', pickup, at: now },
};

describe('pickup decider', () => {
  it('schedules a new pickup', () => {
    spec
      .given([])
      .when({ type: 'SchedulePickup', pickupId: 5, accountId: 'acct_acme', pickup, now })
      .then([scheduled]);
  });

  it('revises its own pickup', () => {
    const revised = { ...pickup, carrier: 'dhl' };
    spec
      .given([scheduled])
      .when({ type: 'RevisePickup', pickupId: 5, accountId: 'acct_acme', pickup: revised, now })
      .then([
        {
          type: 'PickupOrderRevised',
          data: { pickup_id: 5, account_id: 'acct_acme', pickup: revised, at: now },
        },
      ]);
  });

  it.each([
    ['an unknown pickup', []],
    ["another account's pickup", [scheduled]],
  ])('refuses to revise %s as an invalid id', (_case, history) => {
    spec
      .given(history as PickupEvent[])
      .when({ type: 'RevisePickup', pickupId: 5, accountId: 'acct_tiny', pickup, now })
      .thenThrows((error) => {
        expect(error).toBeInstanceOf(ValidationFailed);
        expect((error as ValidationFailed).fields).toEqual({ id: [UNKNOWN_PICKUP_MESSAGE] });
      });
  });
});
