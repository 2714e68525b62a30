import { accountGuardSettings, readCarrierGuardConfig } from './carrier-guard-config';

describe('the carrier guard configuration', () => {
  it('reads each carrier its own limits and timeout, with defaults for the others', () => {
    const config = readCarrierGuardConfig({
      USPS_RATE_LIMIT_PER_SECOND: '40',
      USPS_CONCURRENCY: '12',
      USPS_TIMEOUT_MS: '8000',
      UPS_RATE_LIMIT_PER_SECOND: '0.5',
    });
    expect(config.carriers['usps']).toEqual({ ratePerSecond: 40, concurrency: 12, timeoutMs: 8_000 });
    expect(config.carriers['ups']).toEqual({ ratePerSecond: 0.5, concurrency: 4, timeoutMs: 30_000 });
    expect(config.carriers['fedex']).toEqual({ ratePerSecond: 1, concurrency: 4, timeoutMs: 30_000 });
    expect(accountGuardSettings(config, 'usps').limits).toMatchObject({ ratePerSecond: 40, concurrency: 12 });
  });

  it.each([
    ['USPS_CONCURRENCY', '2.5'],
    ['USPS_RATE_LIMIT_PER_SECOND', '0'],
    ['CARRIER_CIRCUIT_COOL_DOWN_MS', 'soon'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => readCarrierGuardConfig({ [name]: value })).toThrow(`Invalid environment variable ${name}=`);
  });
});
