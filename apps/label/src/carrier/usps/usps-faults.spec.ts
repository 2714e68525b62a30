import { clean, refusalReason, retryAfterSeconds } from './usps-faults';

describe('a refusal reason', () => {
  it('is the detail of each error with its parameter', () => {
    const body = {
      apiVersion: '/labels/v3',
      error: {
        code: '400',
        message: 'Bad Request',
        errors: [
          { detail: 'ZIP Code is not valid', source: { parameter: 'toAddress' } },
          { title: 'Bad Request', detail: 'cannot be in the past or more than 45 days in the future' },
        ],
      },
    };
    expect(refusalReason(body, 400, [])).toBe(
      'USPS: ZIP Code is not valid (toAddress); cannot be in the past or more than 45 days in the future',
    );
  });

  it("is OAuth's error_description, or the status when USPS said nothing", () => {
    expect(
      refusalReason({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401, []),
    ).toBe('USPS: Client authentication failed');
    expect(refusalReason(undefined, 403, [])).toBe('USPS: USPS answered 403');
  });

  it('redacts secrets, control characters and length', () => {
    expect(clean('key abcd1234 and\nsecret s3cr3t-value\u0000!', ['abcd1234', 's3cr3t-value'])).toBe(
      'key [redacted] and secret [redacted] !',
    );
    expect(clean('x'.repeat(1000), [])).toHaveLength(300);
  });
});

describe('Retry-After', () => {
  it('is read as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-11-28T12:00:00Z');
    expect(retryAfterSeconds('7', now)).toBe(7);
    expect(retryAfterSeconds('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(retryAfterSeconds(null, now)).toBeUndefined();
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
  });
});
