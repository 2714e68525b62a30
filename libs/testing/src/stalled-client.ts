export interface Stallable<C> {
  /** The client to hand the instance: every call on it waits while the instance is stalled. */
  client: C;
  /** From now on, calls wait (those already sent go on): the instance is paused, or cut off. */
  stall(): void;
  /** Lets the waiting calls go, in the order they were made. */
  resume(): void;
}

/**
 * An instance that stalls (a long pause, a partition from its database) where a spec chooses:
 * what it sends meanwhile waits, renewals of its leases too, and goes once it resumes. `close`
 * never waits.
 */
export function stallable<C extends object>(client: C): Stallable<C> {
  let resumed: Promise<void> = Promise.resolve();
  let resume = () => undefined as void;
  const stalledClient = new Proxy(client, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function' || key === 'close') return value;
      return async (...args: unknown[]) => {
        await resumed;
        return (value as (...all: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return {
    client: stalledClient,
    stall: () => {
      resumed = new Promise<void>((done) => (resume = done));
    },
    resume: () => resume(),
  };
}
