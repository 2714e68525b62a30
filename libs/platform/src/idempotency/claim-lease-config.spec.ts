import { readClaimLeaseMs } from './claim-lease-config';

describe('the Idempotency-Key claim lease setting', () => {
  it('holds an unsettled claim for 60 s unless IDEMPOTENCY_CLAIM_LEASE_MS says otherwise', () => {
    expect(readClaimLeaseMs({})).toBe(60_000);
    expect(readClaimLeaseMs({ IDEMPOTENCY_CLAIM_LEASE_MS: ' ' })).toBe(60_000);
    expect(readClaimLeaseMs({ IDEMPOTENCY_CLAIM_LEASE_MS: '15000' })).toBe(15_000);
    expect(readClaimLeaseMs({ IDEMPOTENCY_CLAIM_LEASE_MS: ' 120000 ' })).toBe(120_000);
  });

  it.each(['14999', '0', '-20000', '15 s', '2e4', '15000.5'])(
    'refuses IDEMPOTENCY_CLAIM_LEASE_MS=%p by name: a claim must outlast the 10 s request deadline',
    (value) => {
      expect(() => readClaimLeaseMs({ IDEMPOTENCY_CLAIM_LEASE_MS: value })).toThrow(
        `Invalid environment variable IDEMPOTENCY_CLAIM_LEASE_MS="${value}": expected milliseconds, an integer of at least 15000.`,
      );
    },
  );
});
