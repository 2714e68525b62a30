import type { EventStore, Position } from '@shipping/event-store';
import { Gauge } from 'prom-client';

interface Watched {
  name: string;
  store: EventStore;
  prefixes: string[];
  /** The last event handled, or the checkpoint it started from; undefined before any. */
  handledUpTo: Position | undefined;
  caughtUp: boolean;
}

const watched = new Map<object, Watched>();
/** Counting stops here: a subscription this far behind shows as at least this many events. */
export const LAG_COUNT_LIMIT = 1_000;

/** Consumers of a partitioned feed not caught up yet; their lag is Kafka's (consumer-lag.ts). */
const catchingUpFeeds = new Map<object, string>();

/** Subscriptions of this process still reading the events present when they started. */
export function subscriptionsCatchingUp(): string[] {
  return [
    ...[...watched.values()].filter((each) => !each.caughtUp).map((each) => each.name),
    ...catchingUpFeeds.values(),
  ];
}

/** A feed consumer counts as catching up (readiness) until `caughtUp` resolves or it stops. */
export function watchCatchUp(name: string, caughtUp: Promise<void>): { stop(): void } {
  const key = {};
  catchingUpFeeds.set(key, name);
  const stop = () => catchingUpFeeds.delete(key);
  caughtUp.then(stop, () => undefined);
  return { stop };
}

/**
 * A subscription's progress, for readiness (caught up since its start) and the lag metrics
 * (how far behind the head of the store its last handled event is).
 */
export function watchSubscription(name: string, store: EventStore, prefixes: string[], from?: Position) {
  const key = {};
  const entry: Watched = { name, store, prefixes, handledUpTo: from, caughtUp: false };
  watched.set(key, entry);
  return {
    handled: (position: Position) => (entry.handledUpTo = position),
    caughtUp: () => (entry.caughtUp = true),
    stop: () => watched.delete(key),
  };
}

async function lagOf(entry: Watched): Promise<{ events: number; seconds: number }> {
  // Events committed behind a transaction still running elsewhere count: the subscription cannot
  // read them yet, but they are behind it all the same (a long transaction shows as lag, not as 0).
  const ahead = await entry.store.readAll({
    after: entry.handledUpTo,
    maxCount: LAG_COUNT_LIMIT,
    includeNotFinal: true,
  });
  const pending = ahead.filter((event) =>
    entry.prefixes.some((prefix) => event.streamName.startsWith(prefix)),
  );
  const oldest = pending[0];
  return {
    events: pending.length,
    seconds: oldest ? Math.max(0, (Date.now() - oldest.createdAt.getTime()) / 1000) : 0,
  };
}

const lagSeconds = new Gauge({
  name: 'shipping_subscription_lag_seconds',
  help: 'Age of the oldest event of its streams a subscription has not handled yet (0 when none)',
  labelNames: ['subscription'],
});

new Gauge({
  name: 'shipping_subscription_lag_events',
  help: `Events of a subscription's streams appended after the last one it handled (counted up to ${LAG_COUNT_LIMIT})`,
  labelNames: ['subscription'],
  async collect() {
    this.reset();
    lagSeconds.reset();
    await Promise.all(
      [...watched.values()].map(async (entry) => {
        const lag = await lagOf(entry).catch(() => undefined);
        if (!lag) return;
        this.set({ subscription: entry.name }, lag.events);
        lagSeconds.set({ subscription: entry.name }, lag.seconds);
      }),
    );
  },
});
