import { PeriodicSweep } from './periodic-sweep';

describe('a periodic sweep', () => {
  afterEach(() => jest.useRealTimers());

  it('runs at start, never twice at once, hands a failure on and runs again, and stops after the run under way', async () => {
    jest.useFakeTimers();
    let runs = 0;
    let finishFirst = () => undefined as void;
    const failures: unknown[] = [];
    const sweep = new PeriodicSweep(
      async () => {
        runs += 1;
        if (runs === 1) await new Promise<void>((done) => (finishFirst = done));
        if (runs === 2) throw new Error('database away');
      },
      1_000,
      (error) => failures.push(error),
    );

    const first = sweep.start();
    expect(runs).toBe(1);
    await jest.advanceTimersByTimeAsync(3_000);
    expect(runs).toBe(1);
    finishFirst();
    await first;

    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(2);
    expect(failures).toEqual([new Error('database away')]);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(runs).toBe(3);

    await sweep.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    expect(runs).toBe(3);
  });
});
