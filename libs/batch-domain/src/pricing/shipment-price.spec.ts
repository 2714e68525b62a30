import { shipmentPriceCents } from './shipment-price';

// USPS-1 brackets: up to 16 oz 995, up to 32 oz 1165, ..., up to 1120 oz 10500.
describe('shipment price on the service rate card', () => {
  it('sums count x the rate of each package per-piece weight', () => {
    const shipment = {
      weight_unit: 'LBS' as const,
      package_list: [
        { count: 2, weight: 1 },
        { count: 1, weight: 1.5 },
      ],
    };
    expect(shipmentPriceCents('USPS-1', shipment)).toBe(2 * 995 + 1165);
  });

  it('prices kilograms by their weight in ounces', () => {
    expect(
      shipmentPriceCents('USPS-1', { weight_unit: 'KG', package_list: [{ count: 1, weight: 0.9 }] }),
    ).toBe(1165);
  });

  it('keeps a piece of exactly one pound in kilograms in the 16 oz bracket', () => {
    expect(
      shipmentPriceCents('USPS-1', { weight_unit: 'KG', package_list: [{ count: 1, weight: 0.45359237 }] }),
    ).toBe(995);
  });

  it('knows no price when a piece is heavier than the largest bracket', () => {
    const shipment = {
      weight_unit: 'LBS' as const,
      package_list: [
        { count: 1, weight: 1 },
        { count: 1, weight: 70.01 },
      ],
    };
    expect(shipmentPriceCents('USPS-1', shipment)).toBeUndefined();
  });

  it('knows no price for an unknown service or an empty package list', () => {
    expect(
      shipmentPriceCents('USPS-9', { weight_unit: 'LBS', package_list: [{ count: 1, weight: 1 }] }),
    ).toBeUndefined();
    expect(shipmentPriceCents('USPS-1', { weight_unit: 'LBS', package_list: [] })).toBeUndefined();
  });
});
