/** Polls `check` every 50 ms until it answers a value, for the specs that wait on a real broker. */
export async function eventually<T>(check: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('the condition was not met in time');
    await new Promise((wait) => setTimeout(wait, 50));
  }
}
