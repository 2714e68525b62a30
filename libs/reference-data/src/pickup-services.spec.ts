import { CARRIER_CODES } from './carriers';
import {
  findPickupRateCard,
  findPickupService,
  groundFreightPickupService,
  PICKUP_SERVICES,
  pickupServicesOf,
} from './pickup-services';

describe('pickup services', () => {
  it('offers services of the shape PICKUP-<CARRIER>-<n> for every carrier', () => {
    for (const carrier of CARRIER_CODES) {
      const services = pickupServicesOf(carrier);
      expect(services.length).toBeGreaterThan(0);
      services.forEach((service, index) =>
        expect(service.code).toBe(`PICKUP-${carrier.toUpperCase()}-${index + 1}`),
      );
    }
    expect(PICKUP_SERVICES.map((service) => service.code)).toContain('PICKUP-FEDEX-1');
  });

  it('names services readably', () => {
    expect(findPickupService('PICKUP-FEDEX-1')?.name).toBe('FedEx Express pickup');
    expect(findPickupService('PICKUP-FEDEX-2')?.name).toBe('FedEx Ground pickup');
  });

  it('marks the FedEx ground-freight service chosen for is_gfp pieces', () => {
    expect(groundFreightPickupService('fedex')).toMatchObject({
      code: 'PICKUP-FEDEX-3',
      ground_freight: true,
    });
    expect(PICKUP_SERVICES.filter((service) => service.ground_freight)).toHaveLength(1);
    expect(groundFreightPickupService('ups')).toBeUndefined();
  });

  it('has a rate card in integer cents and basis points for every carrier', () => {
    for (const carrier of CARRIER_CODES) {
      const card = findPickupRateCard(carrier);
      expect(card).toBeDefined();
      const amounts = Object.entries(card ?? {}).filter(([key]) => key !== 'carrier');
      expect(amounts.every(([, amount]) => Number.isInteger(amount) && (amount as number) >= 0)).toBe(true);
    }
    expect(findPickupRateCard('fedex')).toMatchObject({ base_price_cents: 1500, fuel_surcharge_bps: 1850 });
  });

  it('knows nothing of unknown codes', () => {
    expect(findPickupService('PICKUP-FEDEX-99')).toBeUndefined();
    expect(findPickupRateCard('royal_mail')).toBeUndefined();
  });
});
