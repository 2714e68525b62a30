import { readInstantShipTiming } from './instant-ship-timing';

describe('instant ship timing settings', () => {
  it('waits 30 s for the label and leases a shipment for 15 s unless set', () => {
    expect(readInstantShipTiming({})).toEqual({ labelTimeoutMs: 30_000, leaseMs: 15_000 });
    expect(
      readInstantShipTiming({ INSTANT_SHIP_LABEL_TIMEOUT_MS: ' 5000 ', INSTANT_SHIP_LEASE_MS: '3000' }),
    ).toEqual({ labelTimeoutMs: 5_000, leaseMs: 3_000 });
  });

  it.each([
    ['INSTANT_SHIP_LABEL_TIMEOUT_MS', '999', 1000],
    ['INSTANT_SHIP_LABEL_TIMEOUT_MS', '5 s', 1000],
    ['INSTANT_SHIP_LEASE_MS', '0', 3000],
    ['INSTANT_SHIP_LEASE_MS', '2999', 3000],
    ['INSTANT_SHIP_LEASE_MS', '1e4', 3000],
  ])('refuses %s=%p by name', (name, value, least) => {
    expect(() => readInstantShipTiming({ [name]: value })).toThrow(
      `Invalid environment variable ${name}="${value}": expected milliseconds, an integer of at least ${least}.`,
    );
  });
});
