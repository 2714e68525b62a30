interface Kept<T> {
  value: T;
  expiresAt: number;
}

export interface Fetched<T> {
  value: T;
  /** Milliseconds on the cache's clock; Infinity keeps it for the cache's lifetime. */
  expiresAt: number;
}

/**
 * Values kept by key until they expire, fetched at most once at a time per key within this process: callers
 * asking while a fetch is under way share its answer. Across instances each process fetches its own.
 */
export class SingleFlightCache<T> {
  private readonly kept = new Map<string, Kept<T>>();
  private readonly pending = new Map<string, Promise<T>>();

  constructor(private readonly now: () => number) {}

  get(key: string, fetchValue: () => Promise<Fetched<T>>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept && kept.expiresAt > this.now()) return Promise.resolve(kept.value);
    const pending = this.pending.get(key);
    if (pending) return pending;
    const fetching = fetchValue()
      .then(({ value, expiresAt }) => {
        this.kept.set(key, { value, expiresAt });
        return value;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, fetching);
    return fetching;
  }

  /** Drops the kept value if it is still `stale`, so that of many callers refused with it, one fetches anew. */
  forget(key: string, stale: T): void {
    if (this.kept.get(key)?.value === stale) this.kept.delete(key);
  }
}
