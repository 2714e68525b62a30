import { DEFAULT_FREIGHT_CLASS, FREIGHT_CLASSES, isFreightClass } from './freight-classes';
import {
  DEFAULT_FREIGHT_PACKAGE_TYPE,
  findFreightPackageType,
  FREIGHT_PACKAGE_TYPES,
  isFreightPackageType,
} from './freight-package-types';

describe('freight package types', () => {
  it('defaults to the standard pallet, which forces 48 by 40 inches', () => {
    expect(DEFAULT_FREIGHT_PACKAGE_TYPE).toBe('pallet_48x40');
    expect(findFreightPackageType('pallet_48x40')).toMatchObject({ forced_length: 48, forced_width: 40 });
  });

  it('forces 48 by 48 inches for the square pallet', () => {
    expect(findFreightPackageType('pallet_48x48')).toMatchObject({ forced_length: 48, forced_width: 48 });
  });

  it.each(['pallet_custom', 'crate', 'box', 'drum', 'bundle'])('forces nothing for %s', (code) => {
    expect(findFreightPackageType(code)).toMatchObject({ forced_length: null, forced_width: null });
  });

  it('forces either both dimensions or none', () => {
    for (const type of FREIGHT_PACKAGE_TYPES) {
      expect(type.forced_length === null).toBe(type.forced_width === null);
    }
  });

  it.each(['pallet', 'PALLET_48X40', '', null])('refuses %p', (code) => {
    expect(isFreightPackageType(code)).toBe(false);
  });
});

describe('freight classes', () => {
  it('lists auto and the NMFC classes as strings', () => {
    expect(FREIGHT_CLASSES).toEqual([
      'auto',
      '50',
      '55',
      '60',
      '65',
      '70',
      '77.5',
      '85',
      '92.5',
      '100',
      '110',
      '125',
      '150',
      '175',
      '200',
      '250',
      '300',
      '400',
      '500',
    ]);
    expect(DEFAULT_FREIGHT_CLASS).toBe('auto');
  });

  it.each([
    ['77.5', true],
    ['77', false],
    ['AUTO', false],
    [77.5, false],
    [100, false],
  ])('knows %p: %p', (code, known) => {
    expect(isFreightClass(code)).toBe(known);
  });
});
