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

  it('refuses a pending time not above what a request waits for the label app, naming the variable', () => {
    expect(() => readPickupRecoveryTimings({ PICKUP_RECOVERY_PENDING_MS: '8999' })).toThrow(
      'Invalid environment variable PICKUP_RECOVERY_PENDING_MS="8999": expected milliseconds, an integer of at least 9000.',
    );
    expect(() => readPickupRecoveryTimings({ PICKUP_RECOVERY_SWEEP_MS: '-5' })).toThrow(
      /PICKUP_RECOVERY_SWEEP_MS/,
    );
  });
});
