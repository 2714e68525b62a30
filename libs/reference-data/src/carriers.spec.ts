import {
  CARRIER_CAPABILITIES,
  CARRIER_CODES,
  carrierCan,
  type CarrierCapability,
  carriersWith,
  findCarrier,
  isCarrierCode,
  labelFormatsOf,
} from './carriers';

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

describe('carrier capabilities', () => {
  it.each<[CarrierCapability, string[]]>([
    ['pickup', ['fedex', 'ups', 'dhl', 'usps']],
    ['pickup_scheduled_window', ['fedex', 'ups']],
    ['pickup_rates_window', ['fedex']],
    ['pickup_rates_undated', ['dhl']],
    ['pickup_piece_destination', ['fedex']],
    ['pickup_ground_freight_flag', ['fedex']],
    ['batch', ['usps']],
    ['instant_ship', ['usps']],
    ['international', ['fedex', 'ups', 'dhl', 'usps']],
  ])('gives %s to the carriers the interface gives it: %p', (capability, codes) => {
    expect(carriersWith(capability)).toEqual(codes);
  });

  it('lets only the carriers that ship parcels sell labels, as 4x6 PDFs', () => {
    expect(CARRIER_CODES.map((code) => [code, labelFormatsOf(code)])).toEqual([
      ['fedex', []],
      ['ups', []],
      ['dhl', []],
      ['usps', ['pdf_4x6']],
    ]);
  });

  it.each([['royal_mail'], [''], ['constructor'], [undefined], [4]])('gives %p no capability', (code) => {
    expect(CARRIER_CAPABILITIES.some((capability) => carrierCan(code, capability))).toBe(false);
  });
});
