import { CARRIER_CODES, findCarrier, isCarrierCode } from './carriers';

describe('carriers', () => {
  it('lists the four carrier codes in interface order', () => {
    expect(CARRIER_CODES).toEqual(['fedex', 'ups', 'dhl', 'usps']);
  });

  it('names each carrier and gives the prefix of its service codes', () => {
    expect(findCarrier('fedex')).toEqual({ code: 'fedex', name: 'FedEx', service_prefix: 'FEDEX' });
    expect(findCarrier('usps')?.name).toBe('USPS');
  });

  it.each([['FEDEX'], ['Fedex'], ['royal_mail'], [''], ['constructor']])('does not know %p', (code) => {
    expect(isCarrierCode(code)).toBe(false);
    expect(findCarrier(code)).toBeUndefined();
  });
});
