import { applyForcedDimensions, applyUnitPreferences } from './order-normalization';
import type { FreightItem, ParcelOrder } from './order-types';

const item = (package_type: string): FreightItem =>
  ({ package_type, length: 10, width: 11, height: 12, weight: 100, count: 1 }) as FreightItem;

describe('freight package types that force dimensions', () => {
  const types: Record<string, { forced_length: number | null; forced_width: number | null }> = {
    pallet_48x40: { forced_length: 48, forced_width: 40 },
    crate: { forced_length: null, forced_width: null },
  };

  it('overwrites length and width when the package type forces them', () => {
    const [forced] = applyForcedDimensions([item('pallet_48x40')], (code) => types[code]);
    expect([forced.length, forced.width, forced.height]).toEqual([48, 40, 12]);
  });

  it('keeps the sent dimensions when the type forces none', () => {
    const [kept] = applyForcedDimensions([item('crate')], (code) => types[code]);
    expect([kept.length, kept.width]).toEqual([10, 11]);
  });
});

describe('unit preferences', () => {
  const order = { package_list: [] } as unknown as ParcelOrder;

  it('fills missing units from the account preferences', () => {
    const result = applyUnitPreferences(
      { ...order, weight_unit: null, length_unit: undefined },
      { weight_unit: 'KG', length_unit: 'CM' },
    );
    expect([result.weight_unit, result.length_unit]).toEqual(['KG', 'CM']);
  });

  it('keeps the units the caller sent', () => {
    const result = applyUnitPreferences(
      { ...order, weight_unit: 'LBS', length_unit: 'IN' },
      { weight_unit: 'KG', length_unit: 'CM' },
    );
    expect([result.weight_unit, result.length_unit]).toEqual(['LBS', 'IN']);
  });
});
