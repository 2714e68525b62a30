export const JITTER = 0.2;

/**
 * The delay before the next attempt after `failedAttempts` failures in a row, ±20 % so that
 * receivers that failed together are not retried together; undefined when the schedule is spent.
 */
export function nextRetryDelay(
  schedule: readonly number[],
  failedAttempts: number,
  random: () => number = Math.random,
): number | undefined {
  const base = schedule[failedAttempts - 1];
  if (base === undefined) return undefined;
  return Math.round(base * (1 + (random() * 2 - 1) * JITTER));
}
