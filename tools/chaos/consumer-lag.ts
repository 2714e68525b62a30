import { type AppProcess, type DistributedRuntime, lagSamplesOf } from '@shipping/testing';
import { queryApp } from './evidence';

export interface ConsumerLag {
  /** Consumers some instance reports behind: `app metric{labels} lag`. */
  behind: string[];
  /** Consumers known to exist that no running instance reported this time (a relay between leaders, a scrape that gave up on the broker). */
  unreported: string[];
  /** Instances whose /metrics did not answer. */
  silent: string[];
}

export const caughtUp = (lag: ConsumerLag) =>
  lag.behind.length === 0 && lag.unreported.length === 0 && lag.silent.length === 0;

async function scrape(app: AppProcess): Promise<Map<string, number> | undefined> {
  try {
    const response = await fetch(app.metricsUrl(), { signal: AbortSignal.timeout(10_000) });
    return response.ok ? lagSamplesOf(await response.text()) : undefined;
  } catch {
    return undefined;
  }
}

/** The store subscriptions that ever stored a checkpoint in the app's database, the relays among them. */
async function checkpointedSubscriptions(app: AppProcess): Promise<string[]> {
  const rows = await queryApp<{ name: string }>(
    app,
    'select subscription_name as name from event_store.subscription_checkpoints',
  ).catch((error: { code?: string }) => {
    // 42P01: an app with no store subscription has no checkpoints table.
    if (error.code === '42P01') return [];
    throw error;
  });
  return rows.map((row) => `shipping_subscription_lag_events{subscription="${row.name}"}`);
}

/**
 * How far every consumer of every app is behind, as the apps measure it (their lag metrics:
 * events after a subscription's last handled one, a group's committed offsets against the
 * partitions' ends), over every running instance. A consumer once seen (or checkpointed) must
 * be reported again: a relay whose leader is gone, or a group whose scrape gave up, is not caught up.
 */
export class ConsumerLagWatch {
  private readonly known = new Map<string, Set<string>>();

  constructor(private readonly runtime: DistributedRuntime) {}

  async look(): Promise<ConsumerLag> {
    const lag: ConsumerLag = { behind: [], unreported: [], silent: [] };
    for (const [name, instances] of Object.entries(this.runtime.instances)) {
      const known = this.known.get(name) ?? new Set<string>();
      this.known.set(name, known);
      for (const series of await checkpointedSubscriptions(instances[0])) known.add(series);
      const reported = new Map<string, number>();
      for (const [index, instance] of instances.entries()) {
        const samples = instance.running() ? await scrape(instance) : undefined;
        if (!samples) lag.silent.push(`${name}#${index + 1}`);
        for (const [series, value] of samples ?? [])
          reported.set(series, Math.max(value, reported.get(series) ?? 0));
      }
      for (const [series, value] of reported) {
        known.add(series);
        if (value > 0) lag.behind.push(`${name} ${series} ${value}`);
      }
      for (const series of known) if (!reported.has(series)) lag.unreported.push(`${name} ${series}`);
    }
    return lag;
  }
}
