import { billablePounds, pickupRateView, quotePickup, type PickupRateCard } from './pickup-quote';

const card: PickupRateCard = {
  carrier: 'fedex',
  base_price_cents: 1500,
  fuel_surcharge_bps: 1850,
  residential_fee_cents: 495,
  per_pound_cents: 12,
  per_piece_cents: 7,
};

describe('pickup quote in integer cents', () => {
  it('sums awkward weights exactly before rounding up to whole pounds', () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004; 3 x 1.1 is 3.3000000000000003.
    expect(
      billablePounds([
        { quantity: 1, weight: 0.1 },
        { quantity: 1, weight: 0.2 },
      ]),
    ).toBe(1);
    expect(
      billablePounds([
        { quantity: 10, weight: 0.1 },
        { quantity: 10, weight: 0.2 },
      ]),
    ).toBe(3);
    expect(billablePounds([{ quantity: 3, weight: 1.1 }])).toBe(4);
  });

  it('prices base, fuel surcharge and a residential fee to the cent', () => {
    const quote = quotePickup(
      [
        { quantity: 3, weight: 1.1 },
        { quantity: 7, weight: 0.35 },
      ],
      true,
      card,
    );
    // 3.30 + 2.45 = 5.75 lb -> 6 billable; base 1500 + 6*12 + 10*7 = 1642; fuel 1642*18.5% = 303.77 -> 304
    expect(quote).toEqual({
      base: 1642,
      fuel: 304,
      miscellaneous: [{ name: 'Residential pickup', amount: 495 }],
      final: 2441,
    });
    expect(pickupRateView(12, quote)).toEqual({
      id: 12,
      miscellaneous_charges: [{ name: 'Residential pickup', amount: '4.95' }],
      base_price: '16.42',
      fuel_price: '3.04',
      final_price: '24.41',
    });
  });

  it('charges no residential fee for a business address and rounds the surcharge half up', () => {
    const quote = quotePickup([{ quantity: 1, weight: 1 }], false, {
      ...card,
      per_pound_cents: 0,
      per_piece_cents: 0,
      base_price_cents: 1525,
    });
    expect(quote).toEqual({ base: 1525, fuel: 282, miscellaneous: [], final: 1807 }); // 282.125 -> 282
  });
});
