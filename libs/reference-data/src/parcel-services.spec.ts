import {
  carrierOfParcelService,
  findParcelService,
  INSTANT_SHIP_SERVICE_CODES,
  isBatchServiceCode,
  isInstantShipService,
  PARCEL_SERVICES,
  parcelRateCents,
  weightInOunces,
} from './parcel-services';

describe('parcel services', () => {
  it('offers USPS-1 .. USPS-5 with readable names', () => {
    expect(PARCEL_SERVICES.map((service) => [service.code, service.name])).toEqual([
      ['USPS-1', 'USPS Priority Mail'],
      ['USPS-2', 'USPS Priority Mail Express'],
      ['USPS-3', 'USPS Ground Advantage'],
      ['USPS-4', 'USPS First-Class Mail International'],
      ['USPS-5', 'USPS Priority Mail International'],
    ]);
  });

  it('allows instant ship only for USPS-1, USPS-2 and USPS-3', () => {
    expect(PARCEL_SERVICES.filter((service) => service.instant_ship).map((service) => service.code)).toEqual([
      'USPS-1',
      'USPS-2',
      'USPS-3',
    ]);
    expect(isInstantShipService('USPS-4')).toBe(false);
    expect(isInstantShipService('USPS-9')).toBe(false);
  });

  it('marks the international services', () => {
    expect(findParcelService('USPS-4')?.international).toBe(true);
    expect(findParcelService('USPS-5')?.international).toBe(true);
    expect(findParcelService('USPS-1')?.international).toBe(false);
  });

  describe('rate card (integer cents by weight bracket in ounces)', () => {
    it('prices a piece at the upper bound of a bracket with that bracket', () => {
      expect(parcelRateCents('USPS-1', 16)).toBe(995);
    });

    it('prices a piece just above a bracket with the next one', () => {
      expect(parcelRateCents('USPS-1', 16.01)).toBe(1165);
    });

    it('refuses a piece heavier than the last bracket', () => {
      expect(parcelRateCents('USPS-4', 64)).toBe(5740);
      expect(parcelRateCents('USPS-4', 64.5)).toBeUndefined();
    });

    it.each([0, -1, Number.NaN])('refuses the weight %p', (weight) => {
      expect(parcelRateCents('USPS-1', weight)).toBeUndefined();
    });

    it('knows no price for an unknown service', () => {
      expect(parcelRateCents('USPS-9', 10)).toBeUndefined();
    });

    it('keeps every bracket ascending and every price in whole cents', () => {
      for (const service of PARCEL_SERVICES) {
        const weights = service.rates.map((bracket) => bracket.max_weight_oz);
        expect(weights).toEqual([...weights].sort((a, b) => a - b));
        expect(service.rates.every((bracket) => Number.isInteger(bracket.price_cents))).toBe(true);
      }
    });
  });

  it('converts pounds and kilograms to ounces', () => {
    expect(weightInOunces(2.5, 'LBS')).toBe(40);
    expect(weightInOunces(1, 'KG')).toBeCloseTo(35.274, 3);
  });
});

describe('parcel services by their carrier', () => {
  it('lets batches ship with the services of the carriers that ship batches', () => {
    expect(['USPS-1', 'USPS-5', 'USPS-9', 'FEDEX-1', 'constructor'].map(isBatchServiceCode)).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });

  it('lists the instant-ship services', () => {
    expect(INSTANT_SHIP_SERVICE_CODES).toEqual(['USPS-1', 'USPS-2', 'USPS-3']);
  });

  it.each([
    ['USPS-1', 'usps'],
    ['USPS-9', 'usps'],
    ['FEDEX-7', 'fedex'],
    ['ACME-1', 'acme'],
  ])('names the carrier of %s: %s', (code, carrier) => {
    expect(carrierOfParcelService(code)).toBe(carrier);
  });
});
