const WRITE = /^\s*(insert|update|delete)\b/i;

/** What it takes of a SQL client (SqlClient of @shipping/event-store): queries and transactions of its own kind. */
interface Transactional<C> {
  query(text: string, params?: unknown[]): Promise<unknown>;
  transaction<T>(work: (tx: C) => Promise<T>): Promise<T>;
}

export interface HeldWrites<C> {
  /** The client to hand the slow instance: its writes (in a transaction or not) wait for `release`. */
  client: C;
  /** Resolves once a write is waiting: everything the instance read before it has been read. */
  writing: Promise<void>;
  release(): void;
}

/**
 * An instance slowed down between what it reads and what it writes, so a spec can let another
 * instance commit in between: the race of two instances of an app, played in one order every run.
 */
export function holdWrites<C extends Transactional<C>>(client: C): HeldWrites<C> {
  let reached!: () => void;
  let release!: () => void;
  const writing = new Promise<void>((resolve) => (reached = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const hold = (target: C): C =>
    new Proxy(target, {
      get(object, key) {
        const value: unknown = Reflect.get(object, key);
        if (typeof value !== 'function') return value;
        if (key === 'query')
          return async (text: string, params?: unknown[]) => {
            if (WRITE.test(text)) {
              reached();
              await released;
            }
            return value.call(object, text, params);
          };
        if (key === 'transaction')
          return (work: (tx: C) => Promise<unknown>) => value.call(object, (tx: C) => work(hold(tx)));
        return value.bind(object);
      },
    });
  return { client: hold(client), writing, release: () => release() };
}
