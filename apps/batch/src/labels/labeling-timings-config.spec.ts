import { readLabelingTimings } from './labeling-timings-config';

describe('readLabelingTimings', () => {
  it('leaves the process its defaults when nothing is set', () => {
    expect(readLabelingTimings({})).toEqual({});
    expect(readLabelingTimings({ BATCH_LABELING_SWEEP_MS: ' ', BATCH_LABELING_LEASE_MS: '' })).toEqual({});
  });

  it('reads the sweep and the lease in milliseconds', () => {
    expect(readLabelingTimings({ BATCH_LABELING_SWEEP_MS: '1000', BATCH_LABELING_LEASE_MS: '5000' })).toEqual(
      {
        sweepMs: 1000,
        leaseMs: 5000,
      },
    );
  });

  it('refuses a value that is no integer, or a lease under 3 s, naming the variable', () => {
    expect(() => readLabelingTimings({ BATCH_LABELING_SWEEP_MS: '1s' })).toThrow(
      'Invalid environment variable BATCH_LABELING_SWEEP_MS="1s": expected milliseconds, an integer of at least 1.',
    );
    expect(() => readLabelingTimings({ BATCH_LABELING_SWEEP_MS: '0' })).toThrow(/BATCH_LABELING_SWEEP_MS/);
    expect(() => readLabelingTimings({ BATCH_LABELING_LEASE_MS: '2999' })).toThrow(
      'Invalid environment variable BATCH_LABELING_LEASE_MS="2999": expected milliseconds, an integer of at least 3000.',
    );
  });
});
