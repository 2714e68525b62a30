import type { ShippingClient } from '@shipping/client';
import {
  type DistributedRuntime,
  eventually,
  type InMemoryEventLog,
  startWebhookReceiver,
  testClient,
} from '@shipping/testing';
import {
  batchWithStatus,
  distinctTrackingNumbers,
  itemIdsOf,
  labelsBought,
  ledgerEvents,
  readyBatch,
  shipBatch,
  streamEvents,
  trackingNumbersOf,
} from './distributed-support';

/**
 * Two label files' worth: each test checks that its fault landed while items were still to do,
 * and that every item ends labelled, charged and delivered once, which 500 items proved no better.
 */
const ITEMS = 200;
// A fault, a restart and 200 webhooks: well within this on the 2-core machine, even when loaded.
const FAULT_TEST_TIMEOUT_MS = 180_000;

/**
 * Faults in the middle of shipping a 200-item batch on the distributed runtime, one process per
 * app: the batch app killed with SIGKILL and started again, and the broker restarted. (Instances
 * of batch, label and webhook killed beside others that carry on, on the PostgreSQL event store,
 * are scale-out.e2e.spec.ts's.) The batch still completes with every item labelled once, one
 * charge, and each item's webhook delivered under one Webhook-Id. The batch app keeps its streams
 * in EventStoreDB: `batchLogOf` is that server's log.
 */
export const distributedFaultsSuite = (
  runtimeOf: () => DistributedRuntime,
  batchLogOf: () => InMemoryEventLog,
) =>
  describe('the distributed runtime finishes a batch across faults', () => {
    let runtime: DistributedRuntime;
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
    let acme: ShippingClient;

    beforeAll(async () => {
      runtime = runtimeOf();
      receiver = await startWebhookReceiver();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
      expect((await acme.POST('/webhooks', { body: { url: receiver.url } })).response.status).toBe(201);
    }, 60_000);

    afterAll(async () => {
      await receiver?.close();
    }, 60_000);

    const completedItems = (batchId: string) =>
      streamEvents(batchLogOf(), `batch-${batchId}`, ['ItemCompleted']).length;

    /** Ships a ready batch and resolves once the first labels were bought: the work is under way. */
    async function shipUntilLabelling(): Promise<{ batchId: string; itemIds: string[] }> {
      const batchId = await readyBatch(acme, ITEMS);
      const itemIds = itemIdsOf(batchLogOf(), batchId);
      expect((await shipBatch(acme, batchId)).response.status).toBe(200);
      await eventually(
        async () => ((await labelsBought(runtime.apps.label, itemIds)) > 0 ? true : undefined),
        60_000,
      );
      return { batchId, itemIds };
    }

    async function expectFinishedOnce(batchId: string): Promise<void> {
      const done = await batchWithStatus(acme, batchId, ['completed'], 120_000);
      expect(done.results).toMatchObject({
        total_count: ITEMS,
        completed_count: ITEMS,
        failed_count: 0,
        completion_percentage: '100%',
      });

      const { label } = runtime.apps;
      const itemIds = itemIdsOf(batchLogOf(), batchId);
      expect(await labelsBought(label, itemIds)).toBe(ITEMS);
      expect(await distinctTrackingNumbers(label, itemIds)).toBe(ITEMS);
      const charges = ledgerEvents<{ batch_id: unknown }>(batchLogOf(), 'BatchCharged');
      expect(charges.filter((charge) => String(charge.batch_id) === batchId)).toHaveLength(1);
      expect(completedItems(batchId)).toBe(ITEMS);

      const tracking = new Set(await trackingNumbersOf(acme, batchId));
      const webhookIds = () => {
        const byTracking = new Map<string, Set<string>>();
        for (const call of receiver.received) {
          if (!tracking.has(call.body.main_tracking_number)) continue;
          const ids = byTracking.get(call.body.main_tracking_number) ?? new Set<string>();
          byTracking.set(call.body.main_tracking_number, ids.add(String(call.headers['webhook-id'])));
        }
        return byTracking;
      };
      await eventually(async () => (webhookIds().size === ITEMS ? true : undefined), 90_000).catch(
        () => undefined,
      );
      expect(webhookIds().size).toBe(ITEMS);
      expect([...webhookIds().values()].filter((ids) => ids.size !== 1)).toEqual([]);
    }

    it(
      'finishes when the batch app is killed mid-shipping and started again',
      async () => {
        const { batchId } = await shipUntilLabelling();
        await runtime.apps.batch.kill();
        expect(completedItems(batchId)).toBeLessThan(ITEMS);

        await runtime.apps.batch.restart();
        await expectFinishedOnce(batchId);
      },
      FAULT_TEST_TIMEOUT_MS,
    );

    it(
      'finishes when the broker restarts mid-shipping: the apps reconnect',
      async () => {
        const { batchId } = await shipUntilLabelling();
        expect(completedItems(batchId)).toBeLessThan(ITEMS);
        await runtime.broker.restart();

        await expectFinishedOnce(batchId);
      },
      FAULT_TEST_TIMEOUT_MS,
    );
  });
