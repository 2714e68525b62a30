import { readIdempotencyTtlMs, readRetentionDays } from './retention-config';

const HOUR = 3_600_000;

describe('retention and key lifetime settings', () => {
  it('reads IDEMPOTENCY_TTL_HOURS for every app, 24 by default', () => {
    expect(readIdempotencyTtlMs({})).toBe(24 * HOUR);
    expect(readIdempotencyTtlMs({ IDEMPOTENCY_TTL_HOURS: '48' })).toBe(48 * HOUR);
    expect(readIdempotencyTtlMs({ IDEMPOTENCY_TTL_HOURS: '0.5' })).toBe(HOUR / 2);
  });

  it.each(['0', '-1', 'a day', '1e3'])('refuses IDEMPOTENCY_TTL_HOURS=%p by name', (value) => {
    expect(() => readIdempotencyTtlMs({ IDEMPOTENCY_TTL_HOURS: value })).toThrow(
      `Invalid environment variable IDEMPOTENCY_TTL_HOURS="${value}"`,
    );
  });

  it('reads a retention in days, its default when unset', () => {
    expect(readRetentionDays({}, 'SOME_RETENTION_DAYS', 30)).toBe(30);
    expect(readRetentionDays({ SOME_RETENTION_DAYS: ' 7 ' }, 'SOME_RETENTION_DAYS', 30)).toBe(7);
    expect(() => readRetentionDays({ SOME_RETENTION_DAYS: '0' }, 'SOME_RETENTION_DAYS', 30)).toThrow(
      'Invalid environment variable SOME_RETENTION_DAYS="0": expected a number of days above 0.',
    );
  });
});
