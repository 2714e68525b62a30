import { readPickupRecoveryTimings } from './pickup-recovery-timings';

describe('readPickupRecoveryTimings', () => {
  it('sweeps every 15 s for pickups pending for 15 s when nothing is set', () => {
    expect(readPickupRecoveryTimings({})).toEqual({ everyMs: 15_000, pendingForMs: 15_000 });
  });

  it('reads both in milliseconds', () => {
    expect(
      readPickupRecoveryTimings({ PICKUP_RECOVERY_SWEEP_MS: '1000', PICKUP_RECOVERY_PENDING_MS: '9000' }),
    ).toEqual({ everyMs: 1000, pendingForMs: 9000 });
  });

  it('refuses a pending time not above what a request waits for the label app, naming both variables', () => {
    expect(() => readPickupRecoveryTimings({ PICKUP_RECOVERY_PENDING_MS: '8999' })).toThrow(
      'Invalid environment variable PICKUP_RECOVERY_PENDING_MS=8999: expected at least 9000, CARRIER_PICKUP_TIMEOUT_MS (8000) + 1000, as a pickup is taken up only once its request has stopped waiting for the label app.',
    );
    expect(() => readPickupRecoveryTimings({ PICKUP_RECOVERY_PENDING_MS: 'soon' })).toThrow(
      'Invalid environment variable PICKUP_RECOVERY_PENDING_MS="soon": expected milliseconds, an integer of at least 1.',
    );
    expect(() => readPickupRecoveryTimings({ PICKUP_RECOVERY_SWEEP_MS: '-5' })).toThrow(
      /PICKUP_RECOVERY_SWEEP_MS/,
    );
  });

  it('follows CARRIER_PICKUP_TIMEOUT_MS: a pending time a second longer than the configured wait', () => {
    const wait = { CARRIER_PICKUP_TIMEOUT_MS: '2000' };
    expect(readPickupRecoveryTimings({ ...wait, PICKUP_RECOVERY_PENDING_MS: '3000' })).toEqual({
      everyMs: 15_000,
      pendingForMs: 3000,
    });
    expect(() => readPickupRecoveryTimings({ ...wait, PICKUP_RECOVERY_PENDING_MS: '2999' })).toThrow(
      'Invalid environment variable PICKUP_RECOVERY_PENDING_MS=2999: expected at least 3000, CARRIER_PICKUP_TIMEOUT_MS (2000) + 1000, as a pickup is taken up only once its request has stopped waiting for the label app.',
    );
    expect(() =>
      readPickupRecoveryTimings({ CARRIER_PICKUP_TIMEOUT_MS: '9500', PICKUP_RECOVERY_PENDING_MS: '10000' }),
    ).toThrow(
      /PICKUP_RECOVERY_PENDING_MS=10000: expected at least 10500, CARRIER_PICKUP_TIMEOUT_MS \(9500\)/,
    );
  });

  it('leaves a refused CARRIER_PICKUP_TIMEOUT_MS to its own reader', () => {
    expect(
      readPickupRecoveryTimings({ CARRIER_PICKUP_TIMEOUT_MS: '60000', PICKUP_RECOVERY_PENDING_MS: '5000' }),
    ).toEqual({ everyMs: 15_000, pendingForMs: 5000 });
  });
});
