/**
 * The requests' carrier rules come from the reference data only: with one more carrier in the data
 * files (a fixture here), validation takes it and applies the rules its capabilities name, and no
 * code changes.
 */
const CARRIERS_FILE = '@shipping/reference-data/data/carriers.json';
const PICKUP_SERVICES_FILE = '@shipping/reference-data/data/pickup-services.json';
const PARCEL_SERVICES_FILE = '@shipping/reference-data/data/parcel-services.json';

type DataFile<K extends string> = Record<K, unknown[]> & { version: number };

function withAcme() {
  const carriers = jest.requireActual<DataFile<'carriers'>>(CARRIERS_FILE);
  const pickups = jest.requireActual<DataFile<'services' | 'rate_cards'>>(PICKUP_SERVICES_FILE);
  const parcels = jest.requireActual<DataFile<'services'> & { rate_weight_unit: string }>(
    PARCEL_SERVICES_FILE,
  );
  const acme = {
    code: 'acme',
    name: 'Acme Freight',
    service_prefix: 'ACME',
    capabilities: ['pickup', 'pickup_rates_window', 'pickup_piece_destination', 'batch'],
    label_formats: ['pdf_4x6'],
  };
  const rateCard = { ...(pickups.rate_cards[0] as object), carrier: 'acme' };
  const pickupService = {
    code: 'PICKUP-ACME-1',
    carrier: 'acme',
    name: 'Acme pickup',
    ground_freight: false,
  };
  const parcelService = {
    ...(parcels.services[0] as object),
    code: 'ACME-1',
    carrier: 'acme',
    instant_ship: false,
  };
  jest.doMock(CARRIERS_FILE, () => ({ ...carriers, carriers: [...carriers.carriers, acme] }));
  jest.doMock(PICKUP_SERVICES_FILE, () => ({
    ...pickups,
    services: [...pickups.services, pickupService],
    rate_cards: [...pickups.rate_cards, rateCard],
  }));
  jest.doMock(PARCEL_SERVICES_FILE, () => ({ ...parcels, services: [...parcels.services, parcelService] }));
}

type Validation = typeof import('../../validation');
type PickupRates = typeof import('./pickup-rates.request');
type CreateBatch = typeof import('../batch/create-batch.request');

function load(): { validation: Validation; rates: PickupRates; batch: CreateBatch } {
  let loaded: { validation: Validation; rates: PickupRates; batch: CreateBatch } | undefined;
  jest.isolateModules(() => {
    loaded = {
      validation: jest.requireActual<Validation>('../../validation'),
      rates: jest.requireActual<PickupRates>('./pickup-rates.request'),
      batch: jest.requireActual<CreateBatch>('../batch/create-batch.request'),
    };
  });
  if (!loaded) throw new Error('not loaded');
  return loaded;
}

const rateBody = (carrier: string) => ({
  from_address_id: 1,
  carrier,
  pickup_date: '2026-12-01',
  pieces: [{ quantity: 1, weight: 2 }],
});

describe('carrier rules from the reference data', () => {
  afterEach(() => jest.resetModules());

  it('refuses a carrier the data does not hold', () => {
    const { validation, rates, batch } = load();
    const result = validation.validateRequest(rates.PickupRatesRequest, rateBody('acme'));
    expect(result.ok ? {} : result.errors).toEqual({ carrier: ['The selected carrier is invalid.'] });
    expect(batch.isBatchService('ACME-1')).toBe(false);
  });

  it('takes a carrier added to the data and applies the rules its capabilities name', () => {
    withAcme();
    const { validation, rates, batch } = load();
    const result = validation.validateRequest(rates.PickupRatesRequest, rateBody('acme'));
    expect(result.ok ? {} : result.errors).toEqual({
      ready_time: ['The ready_time field is required when carrier is fedex or acme.'],
      close_time: ['The close_time field is required when carrier is fedex or acme.'],
      'pieces.0.container_type': ['The pieces.0.container_type field is required when carrier is acme.'],
      'pieces.0.destination_country_code': [
        'The pieces.0.destination_country_code field is required when carrier is acme.',
      ],
    });
    expect(batch.isBatchService('ACME-1')).toBe(true);
    expect(batch.isBatchService('USPS-1')).toBe(true);
  });
});
