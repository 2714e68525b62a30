import type { LabelPurchaseRequest } from '@shipping/contracts';
import { carrierChoiceOf } from './carrier-choice';
import { type CarrierPort, offers } from './carrier-port';
import { CarrierRegistrationError, CarrierRegistry } from './carrier-registry';

const adapter = (name: string): CarrierPort => ({
  idempotencyKeys: 'honoured',
  purchase: async () => ({ ok: false, reason: name }),
});

describe('the carrier registry', () => {
  const sandbox = adapter('sandbox');
  const ownUsps = adapter('own usps');
  const platformFedex = adapter('platform fedex');
  const registry = new CarrierRegistry(sandbox, [
    { carrier: 'usps', integration: 'own', adapter: ownUsps },
    { carrier: 'fedex', integration: 'platform', adapter: platformFedex },
  ]);

  it('gives a live key the adapter of the carrier and integration of its shipper', () => {
    expect(registry.adapterFor({ carrier: 'usps', integration: 'own', mode: 'live' })).toBe(ownUsps);
    expect(registry.adapterFor({ carrier: 'fedex', integration: 'platform', mode: 'live' })).toBe(
      platformFedex,
    );
  });

  it('gives every test key the sandbox', () => {
    expect(registry.adapterFor({ carrier: 'usps', integration: 'own', mode: 'test' })).toBe(sandbox);
  });

  it('gives the sandbox where no adapter is registered, as in the embedded default', () => {
    expect(registry.adapterFor({ carrier: 'usps', integration: 'platform', mode: 'live' })).toBe(sandbox);
    expect(
      new CarrierRegistry(sandbox).adapterFor({ carrier: 'dhl', integration: 'own', mode: 'live' }),
    ).toBe(sandbox);
  });

  it('gives a live key the adapter of its own shipper where adapters are built per shipper', async () => {
    const shippers = new CarrierRegistry(sandbox, [
      {
        carrier: 'usps',
        integration: 'own',
        adapter: (shipper) => adapter(`usps of ${shipper?.account_id}/${shipper?.shipper_id}`),
      },
    ]);
    const shipper = { account_id: 'acct_1', shipper_id: 7 };
    const live = shippers.adapterFor({ carrier: 'usps', integration: 'own', mode: 'live', shipper });
    await expect(live.purchase({} as never)).resolves.toEqual({ ok: false, reason: 'usps of acct_1/7' });
    expect(shippers.adapterFor({ carrier: 'usps', integration: 'own', mode: 'test', shipper })).toBe(sandbox);
  });

  it('takes further adapters, once per carrier and integration, of carriers of the reference data only', () => {
    const more = new CarrierRegistry(sandbox).register({
      carrier: 'ups',
      integration: 'own',
      adapter: ownUsps,
    });
    expect(more.registered()).toEqual(['ups/own']);
    expect(() => more.register({ carrier: 'ups', integration: 'own', adapter: sandbox })).toThrow(
      new CarrierRegistrationError('An adapter is registered already for ups on own.'),
    );
    expect(() => more.register({ carrier: 'royal_mail', integration: 'own', adapter: sandbox })).toThrow(
      new CarrierRegistrationError('royal_mail is not a carrier of the reference data.'),
    );
  });
});

describe('the carrier choice of a label purchase', () => {
  const request = (more: Partial<LabelPurchaseRequest> = {}): LabelPurchaseRequest => ({
    service: 'USPS-1',
    items: [],
    ...more,
  });

  it('takes the shipper and the key mode the request names', () => {
    expect(
      carrierChoiceOf(request({ shipper: { carrier: 'fedex', integration: 'platform' }, mode: 'live' })),
    ).toEqual({ carrier: 'fedex', integration: 'platform', mode: 'live' });
    expect(
      carrierChoiceOf(
        request({
          shipper: { carrier: 'usps', integration: 'own', account_id: 'acct_1', shipper_id: 7 },
          mode: 'live',
        }),
      ),
    ).toEqual({
      carrier: 'usps',
      integration: 'own',
      mode: 'live',
      shipper: { account_id: 'acct_1', shipper_id: 7 },
    });
  });

  it('buys with the carrier of the service, on the own integration, as a test, when the request does not say', () => {
    expect(carrierChoiceOf(request())).toEqual({ carrier: 'usps', integration: 'own', mode: 'test' });
  });
});

describe('the operations of an adapter', () => {
  it('are purchase, and those of the optional ones it implements', () => {
    const buyer: CarrierPort = {
      idempotencyKeys: 'honoured',
      purchase: async () => ({ ok: false, reason: 'no' }),
    };
    const voider: CarrierPort = { ...buyer, cancel: async () => ({ ok: true }) };
    expect([offers(buyer, 'cancel'), offers(voider, 'cancel'), offers(voider, 'schedulePickup')]).toEqual([
      false,
      true,
      false,
    ]);
  });
});

describe('the pickup adapter of a choice', () => {
  const sandbox = adapter('sandbox');
  const picker: CarrierPort = {
    ...adapter('own usps'),
    schedulePickup: async () => ({ ok: true, confirmation_number: 'WTC1' }),
    cancelPickup: async () => ({ ok: true }),
  };
  const registry = new CarrierRegistry(sandbox, [
    { carrier: 'usps', integration: 'own', adapter: picker },
    { carrier: 'fedex', integration: 'own', adapter: adapter('own fedex, labels only') },
  ]);

  it('is the registered adapter for a live key when it offers pickups', () => {
    expect(registry.pickupAdapterFor({ carrier: 'usps', integration: 'own', mode: 'live' })).toBe(picker);
  });

  it('is none for a test key, an unregistered integration, or an adapter without pickups', () => {
    expect(registry.pickupAdapterFor({ carrier: 'usps', integration: 'own', mode: 'test' })).toBeUndefined();
    expect(
      registry.pickupAdapterFor({ carrier: 'usps', integration: 'platform', mode: 'live' }),
    ).toBeUndefined();
    expect(registry.pickupAdapterFor({ carrier: 'fedex', integration: 'own', mode: 'live' })).toBeUndefined();
  });
});
