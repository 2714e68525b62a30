import { PICKUP_EVENT_UPCASTERS, pickupDataV1ToV2, pickupScheduledV2ToV3 } from './pickup-upcasters';

describe('pickup events, version 1 to 2', () => {
  const v1 = {
    pickup_id: 7,
    account_id: 'acct_acme',
    at: '2026-11-21T10:00:00.000Z',
    pickup: {
      carrier: 'fedex',
      pickup_date: '2026-12-01',
      pieces: [
        { service: 'PICKUP-FEDEX-1', quantity: 3, weight: 1.1 },
        { service: 'PICKUP-FEDEX-2', quantity: 7, weight: 0.35 },
      ],
    },
  };

  it('records each piece weight as whole hundredths of a pound and keeps everything else', () => {
    expect(pickupDataV1ToV2(v1)).toEqual({
      ...v1,
      pickup: {
        ...v1.pickup,
        pieces: [
          { service: 'PICKUP-FEDEX-1', quantity: 3, weight_hundredths: 110 },
          { service: 'PICKUP-FEDEX-2', quantity: 7, weight_hundredths: 35 },
        ],
      },
    });
  });

  it('leaves the version 1 data it reads unchanged', () => {
    const copy = JSON.parse(JSON.stringify(v1));
    pickupDataV1ToV2(v1);
    expect(v1).toEqual(copy);
  });
});

describe('PickupOrderScheduled, version 2 to 3', () => {
  const v2 = {
    pickup_id: 7,
    account_id: 'acct_acme',
    at: '2026-11-21T10:00:00.000Z',
    pickup: { carrier: 'usps', pieces: [] },
  };

  it('reads a pickup recorded before keys had a mode as a test pickup no carrier schedules', () => {
    expect(pickupScheduledV2ToV3(v2)).toEqual({ ...v2, key_mode: 'test', shipper: null });
  });

  it('is registered after version 1 to 2, so a version 1 event reaches version 3', () => {
    const scheduled = PICKUP_EVENT_UPCASTERS.filter((upcaster) => upcaster.type === 'PickupOrderScheduled');
    expect(scheduled.map((upcaster) => upcaster.fromVersion)).toEqual([1, 2]);
  });
});
