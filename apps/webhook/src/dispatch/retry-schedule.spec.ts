import { nextRetryDelay } from './retry-schedule';

const schedule = [10_000, 60_000, 300_000];

describe('retry schedule', () => {
  it('waits the scheduled delay after each failure in a row', () => {
    const middle = () => 0.5;
    expect([1, 2, 3].map((failures) => nextRetryDelay(schedule, failures, middle))).toEqual(schedule);
  });

  it('spreads each delay by at most 20 % either way', () => {
    expect(nextRetryDelay(schedule, 2, () => 0)).toBe(48_000);
    expect(nextRetryDelay(schedule, 2, () => 0.999_999)).toBe(72_000);
    for (let i = 0; i < 1000; i++) {
      const delay = nextRetryDelay(schedule, 1) as number;
      expect(delay).toBeGreaterThanOrEqual(8_000);
      expect(delay).toBeLessThanOrEqual(12_000);
    }
  });

  it('has no next delay once the schedule is spent', () => {
    expect(nextRetryDelay(schedule, 4)).toBeUndefined();
    expect(nextRetryDelay([], 1)).toBeUndefined();
  });
});
