import { pickupDataV1ToV2 } from './pickup-upcasters';

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
