import { restartDelayMs } from './restart-delay';

describe('how long a crashed process waits before it is started again', () => {
  it('doubles from 1 s with each crash in a row, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
