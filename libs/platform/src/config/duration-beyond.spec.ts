import type { Env } from './app-environment';
import { readMilliseconds } from './milliseconds';
import { readIfValid, requireBeyond } from './duration-beyond';

describe('a duration that must outlast another', () => {
  const readWait = (env: Env) => readMilliseconds(env, 'WAIT_MS', 1_000);

  it('reads the other only when its own reader accepts it', () => {
    expect(readIfValid(readWait, { WAIT_MS: '2000' })).toBe(2_000);
    expect(readIfValid(readWait, { WAIT_MS: '999' })).toBeUndefined();
    expect(readIfValid(readWait, { WAIT_MS: 'soon' })).toBeUndefined();
  });

  it('passes at the other plus the margin, and is refused below it naming both variables', () => {
    const wait = { name: 'WAIT_MS', ms: 2_000 };
    expect(() => requireBeyond({ name: 'PENDING_MS', ms: 3_000 }, wait, 1_000, 'as it must')).not.toThrow();
    expect(() => requireBeyond({ name: 'PENDING_MS', ms: 2_999 }, wait, 1_000, 'as it must')).toThrow(
      'Invalid environment variable PENDING_MS=2999: expected at least 3000, WAIT_MS (2000) + 1000, as it must.',
    );
  });
});
