import { environmentProblems } from '@shipping/platform/config';
import { PICKUP_ENVIRONMENT } from './pickup-environment';

const problemsOf = (env: Record<string, string>) =>
  environmentProblems(PICKUP_ENVIRONMENT, { DATABASE_URL: 'postgres://localhost:5432/pickup', ...env });

describe("the pickup app's carrier wait and recovery, checked at start", () => {
  it('starts with the defaults and with a shorter wait whose pending time follows it', () => {
    expect(problemsOf({})).toEqual([]);
    expect(problemsOf({ CARRIER_PICKUP_TIMEOUT_MS: '2000', PICKUP_RECOVERY_PENDING_MS: '3000' })).toEqual([]);
  });

  it('refuses to start with a pending time within the carrier wait, naming both variables', () => {
    expect(problemsOf({ CARRIER_PICKUP_TIMEOUT_MS: '5000', PICKUP_RECOVERY_PENDING_MS: '5999' })).toEqual([
      'Invalid environment variable PICKUP_RECOVERY_PENDING_MS=5999: expected at least 6000, CARRIER_PICKUP_TIMEOUT_MS (5000) + 1000, as a pickup is taken up only once its request has stopped waiting for the label app.',
    ]);
  });

  it('names a bad carrier wait once, by its own reader', () => {
    expect(problemsOf({ CARRIER_PICKUP_TIMEOUT_MS: '10000', PICKUP_RECOVERY_PENDING_MS: '9000' })).toEqual([
      'Invalid environment variable CARRIER_PICKUP_TIMEOUT_MS=10000: expected less than 10000, the request deadline the gateway waits for the pickup app, so a slow carrier is answered 503 by the pickup app.',
    ]);
    expect(problemsOf({ CARRIER_PICKUP_TIMEOUT_MS: 'soon' })).toEqual([
      'Invalid environment variable CARRIER_PICKUP_TIMEOUT_MS="soon": expected milliseconds, an integer of at least 1000.',
    ]);
  });
});
