import type { DistributedRuntime } from '@shipping/testing';
import { caughtUp, type ConsumerLag, ConsumerLagWatch } from './consumer-lag';
import { queryApp } from './evidence';

export interface Backlog {
  batchesUnfinished: number;
  instantShipsUnfinished: number;
  deliveriesPending: number;
  /** Relays, subscriptions and consumer groups not caught up, as the apps measure them. */
  lag: ConsumerLag;
  /** Events in every store plus deliveries: unchanged between two looks means nothing is moving. */
  activity: number;
}

const count = async (rows: Promise<{ count: string }[]>) => Number((await rows)[0]?.count ?? 0);

async function backlogOf(runtime: DistributedRuntime, lagWatch: ConsumerLagWatch): Promise<Backlog> {
  const { batch, order, webhook } = runtime.apps;
  const lag = await lagWatch.look();
  let activity = 0;
  for (const app of Object.values(runtime.apps))
    activity += await count(queryApp(app, 'select count(*) from event_store.events'));
  const deliveries = await queryApp<{ status: string; count: string }>(
    webhook,
    'select status, count(*) from webhook_deliveries group by status',
  );
  for (const row of deliveries) activity += Number(row.count);
  return {
    batchesUnfinished: await count(
      queryApp(
        batch,
        `select count(*) from event_store.events shipped where shipped.event_type = 'BatchShipped'
         and not exists (select 1 from event_store.events done where done.stream_name = shipped.stream_name
           and done.event_type = 'BatchCompleted')`,
      ),
    ),
    instantShipsUnfinished: await count(queryApp(order, 'select count(*) from order_instant_ship_pending')),
    deliveriesPending: Number(deliveries.find((row) => row.status === 'pending')?.count ?? 0),
    lag,
    activity,
  };
}

const idle = (backlog: Backlog) =>
  backlog.batchesUnfinished === 0 &&
  backlog.instantShipsUnfinished === 0 &&
  backlog.deliveriesPending === 0 &&
  caughtUp(backlog.lag);

/**
 * Waits, at most `timeoutMs`, until no work is outstanding, every relay and consumer has caught up
 * with what was stored and sent, and nothing moved between two looks `quietMs` apart; resolves
 * with the last backlog either way (the invariants then say what broke).
 */
export async function settle(
  runtime: DistributedRuntime,
  timeoutMs: number,
  quietMs = 1_000,
): Promise<{ settled: boolean; backlog: Backlog; waitedMs: number }> {
  const started = Date.now();
  const lagWatch = new ConsumerLagWatch(runtime);
  let previous: Backlog | undefined;
  for (;;) {
    const backlog = await backlogOf(runtime, lagWatch).catch(() => undefined);
    if (backlog && previous && idle(backlog) && backlog.activity === previous.activity)
      return { settled: true, backlog, waitedMs: Date.now() - started };
    if (Date.now() - started > timeoutMs)
      return {
        settled: false,
        backlog: backlog ?? previous ?? ({} as Backlog),
        waitedMs: Date.now() - started,
      };
    previous = backlog ?? previous;
    await new Promise((done) => setTimeout(done, quietMs));
  }
}
