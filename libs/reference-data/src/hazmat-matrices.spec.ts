import { findHazmatMatrix, HAZMAT_MATRICES, isClass1Explosive } from './hazmat-matrices';

describe('hazmat matrices', () => {
  it('holds a realistic set of classifications', () => {
    expect(HAZMAT_MATRICES.length).toBeGreaterThanOrEqual(15);
    expect(findHazmatMatrix(1)).toEqual({
      id: 1,
      un_number: 'UN1203',
      proper_shipping_name: 'Gasoline',
      hazard_class: '3',
      allowed_packing_groups: ['II'],
    });
  });

  it('has classifications allowing no packing group, all three, and a subset', () => {
    const groups = HAZMAT_MATRICES.map((matrix) => matrix.allowed_packing_groups.join(','));
    expect(groups).toContain('');
    expect(groups).toContain('I,II,III');
    expect(groups).toContain('II,III');
  });

  it('includes Class 1 divisions, among them 1.5 and 1.6', () => {
    const classes = new Set(HAZMAT_MATRICES.map((matrix) => matrix.hazard_class));
    for (const division of ['1.1', '1.4', '1.5', '1.6']) expect(classes).toContain(division);
  });

  it('gives explosives no packing group', () => {
    const explosives = HAZMAT_MATRICES.filter((matrix) => matrix.hazard_class.startsWith('1'));
    expect(explosives.every((matrix) => matrix.allowed_packing_groups.length === 0)).toBe(true);
  });

  it('knows no unknown id', () => {
    expect(findHazmatMatrix(0)).toBeUndefined();
    expect(findHazmatMatrix(9999)).toBeUndefined();
  });
});

describe('isClass1Explosive', () => {
  it.each(['1', '1.1', '1.2', '1.3', '1.4', '1.4S', '1.1D', '1.4s', ' 1.4 '])('counts %p', (hazardClass) => {
    expect(isClass1Explosive(hazardClass)).toBe(true);
  });

  it.each(['1.5', '1.5D', '1.6', '1.6N', '10', '11', '1.7', '1.45', '2.1', '3', '9', '', 'S'])(
    'does not count %p',
    (hazardClass) => {
      expect(isClass1Explosive(hazardClass)).toBe(false);
    },
  );
});
