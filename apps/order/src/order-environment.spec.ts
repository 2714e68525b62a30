import { environmentProblems } from '@shipping/platform/config';
import { claimOutlastsLabelDeadline, ORDER_ENVIRONMENT } from './order-environment';

const problemsOf = (env: Record<string, string>) =>
  environmentProblems(ORDER_ENVIRONMENT, { DATABASE_URL: 'postgres://localhost:5432/order', ...env });

describe("the order app's Idempotency-Key claim against instant ship's label deadline", () => {
  it('accepts a claim that outlasts the label deadline by 10 s, the defaults included', () => {
    expect(() => claimOutlastsLabelDeadline({})).not.toThrow();
    expect(() =>
      claimOutlastsLabelDeadline({
        IDEMPOTENCY_CLAIM_LEASE_MS: '40000',
        INSTANT_SHIP_LABEL_TIMEOUT_MS: '30000',
      }),
    ).not.toThrow();
    expect(() =>
      claimOutlastsLabelDeadline({
        IDEMPOTENCY_CLAIM_LEASE_MS: '15000',
        INSTANT_SHIP_LABEL_TIMEOUT_MS: '5000',
      }),
    ).not.toThrow();
  });

  it('refuses to start with a claim that would lapse while an instant ship still waits for its label', () => {
    expect(problemsOf({ IDEMPOTENCY_CLAIM_LEASE_MS: '39999' })).toEqual([
      'Invalid environment variable IDEMPOTENCY_CLAIM_LEASE_MS=39999: expected at least 40000, INSTANT_SHIP_LABEL_TIMEOUT_MS (30000) + 10000, as an instant ship holds its claim while it waits for the label.',
    ]);
    expect(problemsOf({ INSTANT_SHIP_LABEL_TIMEOUT_MS: '50001' })).toEqual([
      'Invalid environment variable IDEMPOTENCY_CLAIM_LEASE_MS=60000: expected at least 60001, INSTANT_SHIP_LABEL_TIMEOUT_MS (50001) + 10000, as an instant ship holds its claim while it waits for the label.',
    ]);
  });

  it('names a bad value once, by its own reader', () => {
    expect(problemsOf({ IDEMPOTENCY_CLAIM_LEASE_MS: '10000' })).toEqual([
      'Invalid environment variable IDEMPOTENCY_CLAIM_LEASE_MS="10000": expected milliseconds, an integer of at least 15000.',
    ]);
    expect(problemsOf({ INSTANT_SHIP_LABEL_TIMEOUT_MS: 'soon' })).toEqual([
      'Invalid environment variable INSTANT_SHIP_LABEL_TIMEOUT_MS="soon": expected milliseconds, an integer of at least 1000.',
    ]);
  });
});
