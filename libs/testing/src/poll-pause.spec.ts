import { eventually, pollPause } from './http-client';

describe('eventually', () => {
  it('checks every 50 ms at first, then a tenth of the time waited so far, at most every second', () => {
    expect([0, 400, 500, 2_000, 9_990, 10_000, 60_000].map(pollPause)).toEqual([
      50, 50, 50, 200, 999, 1_000, 1_000,
    ]);
  });

  it('returns the first value a check gives, and fails with the last error once the time is up', async () => {
    let calls = 0;
    await expect(eventually(async () => (++calls === 3 ? 'ready' : undefined))).resolves.toBe('ready');
    await expect(
      eventually(async () => {
        throw new Error('not yet');
      }, 200),
    ).rejects.toThrow('condition not met within 200 ms: Error: not yet');
  });
});
