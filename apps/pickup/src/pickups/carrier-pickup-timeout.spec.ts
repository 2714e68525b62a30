import { readCarrierPickupTimeoutMs } from './carrier-pickup-timeout';

describe("the pickup app's wait for the label app", () => {
  it('waits 8 s unless CARRIER_PICKUP_TIMEOUT_MS says otherwise', () => {
    expect(readCarrierPickupTimeoutMs({})).toBe(8_000);
    expect(readCarrierPickupTimeoutMs({ CARRIER_PICKUP_TIMEOUT_MS: ' ' })).toBe(8_000);
    expect(readCarrierPickupTimeoutMs({ CARRIER_PICKUP_TIMEOUT_MS: '2000' })).toBe(2_000);
    expect(readCarrierPickupTimeoutMs({ CARRIER_PICKUP_TIMEOUT_MS: '1000' })).toBe(1_000);
    expect(readCarrierPickupTimeoutMs({ CARRIER_PICKUP_TIMEOUT_MS: ' 9999 ' })).toBe(9_999);
  });

  it.each(['999', '0', '-2000', '2 s', '2e3', '2000.5'])(
    'refuses CARRIER_PICKUP_TIMEOUT_MS=%p by name: a whole number of milliseconds, 1000 at least',
    (value) => {
      expect(() => readCarrierPickupTimeoutMs({ CARRIER_PICKUP_TIMEOUT_MS: value })).toThrow(
        `Invalid environment variable CARRIER_PICKUP_TIMEOUT_MS="${value}": expected milliseconds, an integer of at least 1000.`,
      );
    },
  );

  it.each(['10000', '10001', '30000'])(
    'refuses CARRIER_PICKUP_TIMEOUT_MS=%p by name: the gateway would give up on the pickup app first',
    (value) => {
      expect(() => readCarrierPickupTimeoutMs({ CARRIER_PICKUP_TIMEOUT_MS: value })).toThrow(
        `Invalid environment variable CARRIER_PICKUP_TIMEOUT_MS=${value}: expected less than 10000, the request deadline the gateway waits for the pickup app, so a slow carrier is answered 503 by the pickup app.`,
      );
    },
  );
});
