/** Item outcomes of `startRolling`, and a wait for everything it started. */
export interface RollingStarts<R> {
  /** The outcome of the item at `index`; rejects with `NotStarted` if it was never started. */
  outcome(index: number): Promise<R>;
  /** Resolves once every item that was started has settled. */
  settled(): Promise<void>;
}

export class NotStarted extends Error {
  constructor() {
    super('The work was stopped before this item was started.');
  }
}

interface Deferred<R> {
  promise: Promise<R>;
  resolve: (value: R) => void;
  reject: (reason: unknown) => void;
}

function deferred<R>(): Deferred<R> {
  let resolve!: (value: R) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<R>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  // Read through outcome(); one nobody asks for (a run stopped early) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

/**
 * Starts `work` for `items` in order with `limit` of them under way at once, the next one as soon
 * as any one under way settles, not only the oldest: work that finishes out of order never leaves
 * a slot empty. Once `stopped()` answers true nothing more is started.
 */
export function startRolling<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
  stopped: () => boolean = () => false,
): RollingStarts<R> {
  const outcomes = items.map(() => deferred<R>());
  const running: Promise<unknown>[] = [];
  let next = 0;
  const startNext = (): void => {
    if (next >= items.length) return;
    if (stopped()) {
      for (const outcome of outcomes.slice(next)) outcome.reject(new NotStarted());
      next = items.length;
      return;
    }
    const index = next++;
    const run = work(items[index]).then(outcomes[index].resolve, outcomes[index].reject);
    running.push(run.finally(startNext));
  };
  for (let slot = 0; slot < Math.min(Math.max(1, limit), items.length); slot++) startNext();
  return {
    outcome: (index) => outcomes[index].promise,
    settled: async () => {
      let seen = -1;
      while (seen !== running.length) {
        seen = running.length;
        await Promise.allSettled(running);
      }
    },
  };
}
