import { BOX_TYPES, findBoxType, isBoxType } from './box-types';

describe('box types', () => {
  it('holds carrier packaging and the caller’s own packaging', () => {
    expect(findBoxType('your_packaging')).toEqual({
      code: 'your_packaging',
      name: 'Your packaging',
      carrier: null,
    });
    expect(findBoxType('usps_flat_rate_envelope')?.carrier).toBe('usps');
    expect(findBoxType('fedex_pak')?.carrier).toBe('fedex');
    expect(new Set(BOX_TYPES.map((box) => box.carrier))).toEqual(
      new Set([null, 'fedex', 'ups', 'dhl', 'usps']),
    );
  });

  it.each(['FEDEX_PAK', 'custom_box', '', 42])('refuses %p', (code) => {
    expect(isBoxType(code)).toBe(false);
  });
});
