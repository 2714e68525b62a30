import { toShipperRecord } from './shipper-record';

const row = (carrier: string, integration: string) => ({
  shipper_id: 1000,
  name: 'Globex',
  carrier,
  integration,
});

describe('a shipper record', () => {
  it.each([
    ['usps', 'own', true],
    ['usps', 'platform', false],
    ['fedex', 'own', false],
    ['dhl', 'platform', false],
    ['royal_mail', 'own', false],
  ])(
    'makes a %s shipper on the %s integration eligible for batches and instant ship: %p',
    (carrier, integration, eligible) => {
      expect(toShipperRecord(row(carrier, integration))).toMatchObject({
        id: 1000,
        carrier,
        integration,
        batch_eligible: eligible,
        instant_ship_eligible: eligible,
      });
    },
  );
});
