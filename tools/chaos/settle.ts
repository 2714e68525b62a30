import type { DistributedRuntime } from '@shipping/testing';
import { queryApp } from './evidence';

export interface Backlog {
  batchesUnfinished: number;
  instantShipsUnfinished: number;
  deliveriesPending: number;
  /** Events in every store plus deliveries: unchanged between two looks means nothing is moving. */
  activity: number;
}

const count = async (rows: Promise<{ count: string }[]>) => Number((await rows)[0]?.count ?? 0);

async function backlogOf(runtime: DistributedRuntime): Promise<Backlog> {
  const { batch, order, webhook } = runtime.apps;
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
    activity,
  };
}

const idle = (backlog: Backlog) =>
  backlog.batchesUnfinished === 0 && backlog.instantShipsUnfinished === 0 && backlog.deliveriesPending === 0;

/**
 * Waits, at most `timeoutMs`, until no work is outstanding and nothing moved between two looks
 * `quietMs` apart; resolves with the last backlog either way (the invariants then say what broke).
 */
export async function settle(
  runtime: DistributedRuntime,
  timeoutMs: number,
  quietMs = 3_000,
): Promise<{ settled: boolean; backlog: Backlog; waitedMs: number }> {
  const started = Date.now();
  let previous: Backlog | undefined;
  for (;;) {
    const backlog = await backlogOf(runtime).catch(() => undefined);
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
