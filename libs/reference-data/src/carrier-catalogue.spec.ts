import data from '../data/carriers.json';
import { carrierCatalogue, type CarrierEntry } from './carrier-catalogue';
import { ReferenceDataError } from './data-file';

const acme: CarrierEntry = {
  code: 'acme',
  name: 'Acme Freight',
  service_prefix: 'ACME',
  capabilities: ['pickup', 'pickup_scheduled_window', 'batch'],
  label_formats: ['pdf_4x6'],
};

const catalogue = (entries: readonly CarrierEntry[]) => carrierCatalogue('carriers.json', entries);

describe('a carrier catalogue', () => {
  it('answers what the data declares: one more entry is one more carrier with its capabilities', () => {
    const shipped = catalogue(data.carriers);
    const withAcme = catalogue([...data.carriers, acme]);

    expect(shipped.with('batch')).toEqual(['usps']);
    expect(withAcme.with('batch')).toEqual(['usps', 'acme']);
    expect(withAcme.with('pickup_scheduled_window')).toEqual(['fedex', 'ups', 'acme']);
    expect(withAcme.with('pickup_rates_window')).toEqual(['fedex']);
    expect(withAcme.find('acme')).toEqual({ code: 'acme', name: 'Acme Freight', service_prefix: 'ACME' });
    expect(withAcme.can('acme', 'instant_ship')).toBe(false);
    expect(withAcme.labelFormatsOf('acme')).toEqual(['pdf_4x6']);
    expect(shipped.isCode('acme')).toBe(false);
  });

  it.each<[string, Partial<CarrierEntry>, string]>([
    ['an unknown capability', { capabilities: ['teleport'] }, 'acme: unknown capability teleport'],
    ['an unknown label format', { label_formats: ['zpl'] }, 'acme: unknown label format zpl'],
    [
      'batches without a label format',
      { label_formats: [] },
      'acme: a carrier that ships batches or instant ship needs a label format',
    ],
    [
      'a pickup rule without pickups',
      { capabilities: ['pickup_rates_undated'] },
      'acme: pickup_rates_undated without pickup',
    ],
    ['an uppercase code', { code: 'Acme' }, 'Acme: the code must be lowercase'],
  ])('refuses %s', (_case, change, problem) => {
    expect(() => catalogue([{ ...acme, ...change }])).toThrow(
      new ReferenceDataError('carriers.json', problem),
    );
  });

  it('refuses a code declared twice', () => {
    expect(() => catalogue([acme, acme])).toThrow('duplicate key acme');
  });
});
