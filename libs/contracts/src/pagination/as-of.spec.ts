import { validateRequest } from '../validation/validate-request';
import { AsOfQuery, parseAsOf, rfc3339Millis } from './as-of';
import { BatchItemsQuery } from './batch-items-query';

describe('as_of', () => {
  it.each([
    ['0', { revision: '0' }],
    ['0042', { revision: '42' }],
    ['9223372036854775807', { revision: '9223372036854775807' }],
    ['2026-11-28T09:00:00Z', { time: '2026-11-28T09:00:00.000Z' }],
    ['2026-11-28t10:30:00.1234567+01:30', { time: '2026-11-28T09:00:00.123Z' }],
    ['2024-02-29T23:59:59-00:00', { time: '2024-02-29T23:59:59.000Z' }],
  ])('reads %p as a moment', (text, moment) => {
    expect(parseAsOf(text)).toEqual(moment);
  });

  it.each([
    '',
    '-1',
    '1.5',
    '9223372036854775808',
    '2026-11-28',
    '2026-11-28T09:00:00',
    '2026-11-28 09:00:00Z',
    '2026-02-29T00:00:00Z',
    '2026-11-31T00:00:00Z',
    '2026-11-28T24:00:00Z',
    '2026-11-28T09:60:00Z',
    '2026-11-28T09:00:60Z',
    '2026-11-28T09:00:00+24:00',
    'now',
  ])('reads %p as no moment', (text) => {
    expect(parseAsOf(text)).toBeUndefined();
  });

  it('gives the instant of an RFC 3339 time with its offset', () => {
    expect(rfc3339Millis('1970-01-01T01:00:00.5+01:00')).toBe(500);
  });

  it('refuses a time in the future and passes one in the past, in a query of either route', () => {
    const future = new Date(Date.now() + 60_000).toISOString();
    for (const cls of [AsOfQuery, BatchItemsQuery]) {
      expect(validateRequest(cls, { as_of: future })).toEqual({
        ok: false,
        errors: { as_of: ['The as_of must not be a time in the future.'] },
      });
      const past = validateRequest(cls, { as_of: '2026-01-01T00:00:00Z' });
      expect(past.ok && past.value.moment()).toEqual({ time: '2026-01-01T00:00:00.000Z' });
      const now = validateRequest(cls, {});
      expect(now.ok && now.value.moment()).toBeUndefined();
    }
  });

  it('refuses what names no moment with the message that says what does', () => {
    expect(validateRequest(AsOfQuery, { as_of: ['1', '2'] })).toEqual({
      ok: false,
      errors: {
        as_of: ['The as_of must be an RFC 3339 time or a stream revision (a non-negative integer).'],
      },
    });
  });
});
