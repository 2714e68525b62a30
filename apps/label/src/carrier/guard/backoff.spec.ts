import { backoffMs } from './backoff';

const SETTINGS = { baseMs: 500, maxMs: 30_000 };

describe('the backoff between tries', () => {
  it('draws a wait from zero up to a ceiling that doubles with each retry, capped', () => {
    expect([1, 2, 3, 4].map((retry) => backoffMs(retry, SETTINGS, 0, () => 0.999))).toEqual([
      499, 999, 1_998, 3_996,
    ]);
    expect(backoffMs(12, SETTINGS, 0, () => 0.999)).toBe(29_970);
    expect(backoffMs(3, SETTINGS, 0, () => 0)).toBe(0);
  });

  it("never waits less than the carrier's Retry-After", () => {
    expect(backoffMs(1, SETTINGS, 2_000, () => 0.5)).toBe(2_000);
    expect(backoffMs(5, SETTINGS, 2_000, () => 0.5)).toBe(4_000);
  });
});
