import { INTENT_LEASE_MS, readIntentLeaseMs } from './label-purchase-intents';

describe('LABEL_PURCHASE_LEASE_MS', () => {
  it('is the lease of a label purchase, 15 s when unset', () => {
    expect(readIntentLeaseMs({})).toBe(INTENT_LEASE_MS);
    expect(INTENT_LEASE_MS).toBe(15_000);
    expect(readIntentLeaseMs({ LABEL_PURCHASE_LEASE_MS: '5000' })).toBe(5000);
  });

  it('refuses a lease under 3 s or no integer, naming the variable', () => {
    expect(() => readIntentLeaseMs({ LABEL_PURCHASE_LEASE_MS: '2000' })).toThrow(
      'Invalid environment variable LABEL_PURCHASE_LEASE_MS="2000": expected milliseconds, an integer of at least 3000.',
    );
    expect(() => readIntentLeaseMs({ LABEL_PURCHASE_LEASE_MS: '5 s' })).toThrow(/LABEL_PURCHASE_LEASE_MS/);
  });
});
