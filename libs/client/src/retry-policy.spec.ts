import { DEFAULT_RETRY, mayRetry, retryAfterMs, retryDelayMs } from './retry-policy';

const answer = (status: number, retryAfter?: string) => ({
  status,
  headers: new Headers(retryAfter === undefined ? {} : { 'retry-after': retryAfter }),
});

describe('the retry policy', () => {
  const now = Date.parse('2026-11-28T09:00:00Z');

  it('reads Retry-After in seconds or as an HTTP date', () => {
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sat, 28 Nov 2026 09:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sat, 28 Nov 2026 08:59:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
  });

  it('retries a 429 or 503 after Retry-After, else after a doubling wait, and nothing else', () => {
    expect(retryDelayMs(answer(429, '2'), 0, DEFAULT_RETRY, now)).toBe(2000);
    expect(retryDelayMs(answer(503, 'Sat, 28 Nov 2026 09:00:01 GMT'), 0, DEFAULT_RETRY, now)).toBe(1000);
    expect(retryDelayMs(answer(503), 0, DEFAULT_RETRY, now)).toBe(250);
    expect(retryDelayMs(answer(503), 2, DEFAULT_RETRY, now)).toBe(1000);
    for (const status of [200, 400, 422, 500, 502]) {
      expect(retryDelayMs(answer(status, '1'), 0, DEFAULT_RETRY, now)).toBeUndefined();
    }
  });

  it('stops after the retries allowed, and returns an answer whose wait is longer than the longest', () => {
    expect(retryDelayMs(answer(429, '1'), 3, DEFAULT_RETRY, now)).toBeUndefined();
    expect(retryDelayMs(answer(429, '31'), 0, DEFAULT_RETRY, now)).toBeUndefined();
    expect(retryDelayMs(answer(429, '1'), 0, { ...DEFAULT_RETRY, retries: 0 }, now)).toBeUndefined();
  });

  it('retries a POST or PATCH only under an Idempotency-Key', () => {
    expect(mayRetry('POST', new Headers())).toBe(false);
    expect(mayRetry('PATCH', new Headers())).toBe(false);
    expect(mayRetry('POST', new Headers({ 'Idempotency-Key': 'k' }))).toBe(true);
    expect(mayRetry('GET', new Headers())).toBe(true);
    expect(mayRetry('DELETE', new Headers())).toBe(true);
  });
});
