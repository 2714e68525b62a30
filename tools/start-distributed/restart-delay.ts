const FIRST_DELAY_MS = 1_000;
const LONGEST_DELAY_MS = 30_000;

/**
 * How long the launcher waits before starting a process again after its `crashes`-th exit in a
 * row (1 s, 2 s, 4 s ... at most 30 s): a process that cannot start does not spin. A start that
 * gets ready counts the crashes from zero again.
 */
export function restartDelayMs(crashes: number): number {
  return Math.min(LONGEST_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.max(0, crashes - 1));
}
