import type { SqlClient } from '@shipping/event-store';
import { RetentionJob } from './retention-job';

describe('when the retention job prunes', () => {
  const unusedSql = {} as SqlClient;
  const clock = { now: () => new Date('2030-01-10T00:00:00Z') };
  let job: RetentionJob;

  beforeEach(() => jest.useFakeTimers());
  afterEach(async () => {
    await job.onModuleDestroy();
    jest.useRealTimers();
  });

  const roundsAfter = async (elapsedMs: number) => {
    const rounds = jest.spyOn(job, 'pruneOnce').mockResolvedValue({});
    job.onApplicationBootstrap();
    await jest.advanceTimersByTimeAsync(elapsedMs);
    return rounds.mock.calls.length;
  };

  it('runs its first round a minute after the start, then one interval after each round', async () => {
    job = new RetentionJob(unusedSql, clock, []);
    expect(await roundsAfter(59_999)).toBe(0);
    await jest.advanceTimersByTimeAsync(1);
    expect(job.pruneOnce).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(job.pruneOnce).toHaveBeenCalledTimes(2);
  });

  it('never waits longer for its first round than for the next', async () => {
    job = new RetentionJob(unusedSql, clock, [], {
      batchSize: 10,
      intervalMs: 5_000,
      firstRoundAfterMs: 60_000,
    });
    expect(await roundsAfter(5_000)).toBe(1);
  });
});
