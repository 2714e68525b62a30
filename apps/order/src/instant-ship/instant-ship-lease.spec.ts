import { readShipmentLeaseMs, SHIPMENT_LEASE_MS } from './pending-shipments';

describe('INSTANT_SHIP_LEASE_MS', () => {
  it('is the lease of a pending instant ship, 15 s when unset', () => {
    expect(readShipmentLeaseMs({})).toBe(SHIPMENT_LEASE_MS);
    expect(SHIPMENT_LEASE_MS).toBe(15_000);
    expect(readShipmentLeaseMs({ INSTANT_SHIP_LEASE_MS: '5000' })).toBe(5000);
  });

  it('refuses a lease under 3 s or no integer, naming the variable', () => {
    expect(() => readShipmentLeaseMs({ INSTANT_SHIP_LEASE_MS: '1000' })).toThrow(
      'Invalid environment variable INSTANT_SHIP_LEASE_MS="1000": expected milliseconds, an integer of at least 3000.',
    );
    expect(() => readShipmentLeaseMs({ INSTANT_SHIP_LEASE_MS: 'x' })).toThrow(/INSTANT_SHIP_LEASE_MS/);
  });
});
