import { unwrap } from '@shipping/client';
import {
  type AppProcess,
  batchShipment,
  type DistributedRuntime,
  eventually,
  REPO_ROOT,
  startDistributedRuntime,
  startWebhookReceiver,
  TS_RUNTIME,
  undeliverableBatchShipment,
} from '@shipping/testing';
import { spawn } from 'node:child_process';
import { batchWithStatus, countIn, shipBatch } from './distributed-support';
import { retryUntilAnswered } from './instant-ship-support';
import { metricOf, registerWebhook, roundRobin } from './scale-out-support';

/** A batch shipped while instances are killed and join: long enough to be under way through it all. */
const ITEMS = 500;
/**
 * Each of three batches shipped at once: 600 items in all still spread every app's work over
 * both instances (both label instances buy, both batch instances handle events), which is what
 * that test counts, as three batches of 500 did.
 */
const CONCURRENT_ITEMS = 200;
/** Items per batch the sandbox carrier refuses (ZIP 00000): each ends failed and refunded. */
const REFUSED = 5;
const INSTANT_SHIPS = 6;
const LONG = 300_000;
/**
 * A killed instance's work is taken over once its leases run out: a labelling job's (60 s, then
 * the next 15 s sweep) and its label purchases' (15 s) unless set. The takeover is the same code
 * with 5 s leases and a 1 s sweep, which the kill test would otherwise wait out idle.
 */
const TAKEOVER_TIMING = {
  batch: { BATCH_LABELING_LEASE_MS: '5000', BATCH_LABELING_SWEEP_MS: '1000' },
  label: { LABEL_PURCHASE_LEASE_MS: '5000' },
};

type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

/**
 * Two instances of every app (two gateways, behind this spec's own round robin) over one broker
 * and one database per app. The work of each app is split among its instances by Kafka consumer
 * groups, and whatever fails (an instance killed with SIGKILL, an instance joining mid-batch, the
 * relay's leader dying) every label is bought once, every batch charged once, every failed item
 * refunded once, every item's webhook delivered once per endpoint, and the read models equal a
 * rebuild from the events.
 */
describe('every app as two instances, sharing the work', () => {
  let runtime: DistributedRuntime;
  let receivers: Receiver[];
  let acme: ReturnType<typeof roundRobin>;

  beforeAll(async () => {
    [runtime, ...receivers] = await Promise.all([
      startDistributedRuntime({
        instances: { gateway: 2, order: 2, pickup: 2, batch: 2, label: 2, webhook: 2 },
        appEnv: { gateway: { INSTANT_SHIP_ENABLED: 'true' }, ...TAKEOVER_TIMING },
      }),
      startWebhookReceiver(),
      startWebhookReceiver(),
    ]);
    acme = roundRobin(runtime.gatewayUrls, 'sk_test_acme');
    for (const [index, receiver] of receivers.entries())
      expect((await registerWebhook(acme, receiver.url, `scale-out-endpoint-${index}`)).response.status).toBe(
        201,
      );
  }, LONG);

  afterAll(async () => {
    await runtime?.stop();
    await Promise.all((receivers ?? []).map((receiver) => receiver.close()));
  }, 60_000);

  const alive = (name: keyof DistributedRuntime['instances']) =>
    runtime.instances[name].filter((app) => app.running());
  const batchDb = () => alive('batch')[0];
  const labelDb = () => alive('label')[0];
  const eventsOf = (batchId: string, type: string) =>
    countIn(batchDb(), 'select count(*) from event_store.events where stream_name = $1 and event_type = $2', [
      `batch-${batchId}`,
      type,
    ]);

  async function createBatch(items: number): Promise<string> {
    const shipments = Array.from({ length: items }, (_, index) =>
      index % (items / REFUSED) === 7 ? undeliverableBatchShipment(index) : batchShipment(index),
    );
    const created = await acme.POST('/batches', {
      body: { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments },
    });
    if (created.response.status !== 201)
      throw new Error(`batch not created: ${created.response.status} ${JSON.stringify(created.error)}`);
    const batchId = created.data!.data.id;
    await batchWithStatus(acme, batchId, ['ready'], 120_000);
    return batchId;
  }

  async function ship(batchId: string): Promise<void> {
    const shipped = await shipBatch(acme, batchId);
    expect(shipped.response.status).toBe(200);
  }

  /** Each item once: labels, charge, refunds, completion, webhooks on every endpoint. */
  async function expectDoneOnce(batchId: string, items: number): Promise<void> {
    const done = await batchWithStatus(acme, batchId, ['completed'], LONG);
    expect(done.results).toMatchObject({
      total_count: items,
      completed_count: items - REFUSED,
      failed_count: REFUSED,
    });
    expect(await eventsOf(batchId, 'ItemCompleted')).toBe(items - REFUSED);
    const ledger = (type: string) =>
      countIn(
        batchDb(),
        `select count(*) from event_store.events where stream_name like 'ledger-%' and event_type = $1 and data->>'batch_id' = $2`,
        [type, batchId],
      );
    expect(await ledger('BatchCharged')).toBe(1);
    expect(await ledger('ItemRefunded')).toBe(REFUSED);
    const tracking = await countIn(
      batchDb(),
      `select count(distinct data->>'tracking_number') from event_store.events
       where stream_name = $1 and event_type = 'ItemCompleted'`,
      [`batch-${batchId}`],
    );
    expect(tracking).toBe(items - REFUSED);
    await expectDeliveredOncePerEndpoint(batchId, items);
  }

  async function expectDeliveredOncePerEndpoint(batchId: string, items: number): Promise<void> {
    const completed = unwrap(
      await acme.GET('/batches/{batch_id}', {
        params: { path: { batch_id: batchId }, query: { status: 'completed', per_page: 1000 } },
      }),
    );
    const numbers = new Set(completed.items.data.map((item) => item.shipment_order!.main_tracking_number));
    for (const receiver of receivers) {
      const ids = () => {
        const byNumber = new Map<string, Set<string>>();
        for (const call of receiver.received) {
          const number = call.body?.main_tracking_number;
          if (!numbers.has(number)) continue;
          byNumber.set(number, (byNumber.get(number) ?? new Set()).add(String(call.headers['webhook-id'])));
        }
        return byNumber;
      };
      await eventually(async () => (ids().size === numbers.size ? true : undefined), LONG).catch(
        () => undefined,
      );
      expect(ids().size).toBe(items - REFUSED);
      expect([...ids().values()].filter((each) => each.size !== 1)).toEqual([]);
    }
  }

  it(
    'shares three concurrent batches, instant ships and their webhooks between the instances of each app',
    async () => {
      const batches = await Promise.all(Array.from({ length: 3 }, () => createBatch(CONCURRENT_ITEMS)));
      // A client whose instant ship times out (503) while the label app is busy asks again with its key.
      const instantShips = Array.from({ length: INSTANT_SHIPS }, (_, index) =>
        retryUntilAnswered(acme, `scale-ship-${index}`),
      );
      await Promise.all(batches.map(ship));
      for (const answer of await Promise.all(instantShips)) expect(answer.response.status).toBe(201);
      for (const batchId of batches) await expectDoneOnce(batchId, CONCURRENT_ITEMS);
      const charges = await countIn(
        batchDb(),
        `select count(distinct data->>'shipment_order_id') from event_store.events
         where stream_name like 'ledger-%' and event_type = 'ShipmentCharged'`,
      );
      const chargeEvents = await countIn(
        batchDb(),
        `select count(*) from event_store.events where stream_name like 'ledger-%' and event_type = 'ShipmentCharged'`,
      );
      expect([charges, chargeEvents]).toEqual([INSTANT_SHIPS, INSTANT_SHIPS]);

      // Labels: each instance bought some, and together each label once.
      const [labelA, labelB] = runtime.instances.label;
      const bought = [
        await metricOf(labelA, 'shipping_labels_bought_total'),
        await metricOf(labelB, 'shipping_labels_bought_total'),
      ];
      const sales = await countIn(labelDb(), 'select count(*) from sandbox_carrier_sales');
      expect(sales).toBe(3 * (CONCURRENT_ITEMS - REFUSED) + INSTANT_SHIPS);
      expect(bought.every((count) => count > 0)).toBe(true);
      expect(bought[0] + bought[1]).toBe(sales);

      // Events: each batch instance handled part of the batch events, and together each once.
      const handled = await Promise.all(
        runtime.instances.batch.map((app) =>
          metricOf(app, 'shipping_subscriber_events_total', { subscription: 'batch.read-model' }),
        ),
      );
      const stored = await countIn(
        batchDb(),
        `select count(*) from event_store.events where stream_name like 'batch-%'`,
      );
      expect(handled.every((count) => count > 0)).toBe(true);
      expect(handled[0] + handled[1]).toBe(stored);
      // One instance of each app relays its events.
      for (const name of ['order', 'batch'] as const) {
        const leaders = await Promise.all(
          runtime.instances[name].map((app) => metricOf(app, 'shipping_relay_leader')),
        );
        expect(leaders.sort()).toEqual([0, 1]);
      }
    },
    LONG * 2,
  );

  it(
    'finishes a batch through an instance of batch (the relay leader), label and webhook killed, and instances joining',
    async () => {
      const batchId = await createBatch(ITEMS);
      await ship(batchId);
      await eventually(async () => ((await eventsOf(batchId, 'ItemCompleted')) > 0 ? true : undefined), LONG);

      const leader = await leaderOf(runtime.instances.batch);
      await Promise.all([
        leader.kill(),
        runtime.instances.label[0].kill(),
        runtime.instances.webhook[0].kill(),
      ]);
      expect(await eventsOf(batchId, 'BatchCompleted')).toBe(0);
      // New instances join the groups while the batch ships: the partitions move again.
      await Promise.all([runtime.addInstance('label'), runtime.addInstance('batch')]);

      await expectDoneOnce(batchId, ITEMS);
      const sold = await countIn(
        labelDb(),
        'select count(*) from (select item_id from sandbox_carrier_sales group by item_id having count(*) > 1) repeated',
      );
      expect(sold).toBe(0);
    },
    LONG * 2,
  );

  it(
    'keeps every read model equal to a rebuild from the events',
    async () => {
      const apps = ['gateway', 'order', 'pickup', 'batch'] as const;
      // Each rebuild reads and writes only its app's database: the four run side by side.
      const rebuilds = await Promise.all(apps.map((name) => replayRebuild(alive(name)[0])));
      for (const [index, { code, stdout }] of rebuilds.entries())
        expect({ app: apps[index], code, stdout: code === 0 ? '' : stdout }).toEqual({
          app: apps[index],
          code: 0,
          stdout: '',
        });
    },
    LONG,
  );
});

async function leaderOf(instances: AppProcess[]): Promise<AppProcess> {
  return eventually(async () => {
    for (const app of instances)
      if (app.running() && (await metricOf(app, 'shipping_relay_leader')) === 1) return app;
    return undefined;
  }, 30_000);
}

/** `npm run replay -- rebuild` on one app's database: exit 0 when every read model equals its rebuild. */
function replayRebuild(app: AppProcess): Promise<{ code: number | null; stdout: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...TS_RUNTIME, 'tools/replay/replay.ts', 'rebuild'], {
      cwd: REPO_ROOT,
      env: { ...process.env, STORE: 'postgres', DATABASE_URL: app.databaseUrl },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stdout += chunk));
    child.once('exit', (code) => resolve({ code, stdout }));
  });
}
