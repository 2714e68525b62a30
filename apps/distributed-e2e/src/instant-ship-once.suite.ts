import type { ShippingClient } from '@shipping/client';
import { type DistributedRuntime, eventually, type InMemoryEventLog, testClient } from '@shipping/testing';
import {
  commandsInProgress,
  effectsOf,
  holdInserts,
  instantShip,
  ONCE,
  requestedShipments,
  retryUntilAnswered,
  unfinishedShipments,
} from './instant-ship-support';

// A fault, a restart of an app and a client retrying past leases: well within this on 2 cores.
const TEST_TIMEOUT_MS = 300_000;

/**
 * Instant ship with an Idempotency-Key on the distributed runtime, with an app stopped or killed
 * in the middle: the first attempt answers 503, the client retries with the same key until it
 * gets an outcome, and that is the first shipment's, charged once, labelled once, shipped once.
 * The batch app keeps the ledger in EventStoreDB: `batchLogOf` is that server's log.
 */
export const instantShipOnceSuite = (
  runtimeOf: () => DistributedRuntime,
  batchLogOf: () => InMemoryEventLog,
) =>
  describe('instant ship happens once per Idempotency-Key across faults', () => {
    let runtime: DistributedRuntime;
    let acme: ShippingClient;
    let known: number[];

    beforeAll(() => {
      runtime = runtimeOf();
      acme = testClient(runtime.baseUrl, 'sk_test_acme');
    });

    beforeEach(async () => {
      known = await requestedShipments(runtime);
    });

    /** The retry's answer is the one shipment the key stands for, and it happened once. */
    async function expectOneShipment(answer: Awaited<ReturnType<typeof instantShip>>): Promise<void> {
      const shipments = (await requestedShipments(runtime)).filter((id) => !known.includes(id));
      expect(shipments).toHaveLength(1);
      expect([answer.response.status, answer.data?.data.shipment_order_id]).toEqual([
        201,
        String(shipments[0]),
      ]);
      // Nothing of it is still under way (a second shipment would be, until the recovery finished it).
      await eventually(
        async () => ((await unfinishedShipments(runtime.apps.order)) === 0 ? true : undefined),
        60_000,
      );
      expect(await effectsOf(runtime, batchLogOf(), shipments[0])).toEqual(ONCE);
      expect(await requestedShipments(runtime)).toHaveLength(known.length + 1);
    }

    it(
      'resumes the first shipment when the label app was down past the label call’s deadline',
      async () => {
        const key = 'instant-ship-label-app-down';
        await runtime.apps.label.stop();
        const first = await instantShip(acme, key);
        expect(first.response.status).toBe(503);
        // The order app's attempt ends only when its label call times out; then the label app is back.
        await eventually(
          async () => ((await commandsInProgress(runtime.apps.order, key)) === 0 ? true : undefined),
          60_000,
        );
        await runtime.apps.label.restart();

        await expectOneShipment(await retryUntilAnswered(acme, key));
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'resumes the first shipment when the charge failed: the batch app, which keeps the ledger, was down',
      async () => {
        const key = 'instant-ship-ledger-down';
        await runtime.apps.batch.stop();
        const first = await instantShip(acme, key);
        expect(first.response.status).toBe(503);
        await eventually(
          async () => ((await commandsInProgress(runtime.apps.order, key)) === 0 ? true : undefined),
          60_000,
        );
        await runtime.apps.batch.restart();

        await expectOneShipment(await retryUntilAnswered(acme, key));
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'resumes the first shipment when the order app is killed between the charge and the label',
      async () => {
        const key = 'instant-ship-order-app-killed';
        // The label app records its purchase intent first: holding that insert holds the label.
        const hold = await holdInserts(runtime.apps.label, 'label_purchase_intents', 7_300_601);
        const first = instantShip(acme, key);
        await eventually(async () => {
          const [shipment] = (await requestedShipments(runtime)).filter((id) => !known.includes(id));
          if (shipment === undefined || !(await hold.waiting())) return undefined;
          return (await effectsOf(runtime, batchLogOf(), shipment)).charged === 1 ? true : undefined;
        }, 30_000);
        await runtime.apps.order.kill();
        await hold.release();
        expect((await first).response.status).toBe(503);
        await runtime.apps.order.restart();

        await expectOneShipment(await retryUntilAnswered(acme, key));
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'buys the label once when the label app is killed between the carrier’s answer and the label’s row',
      async () => {
        const key = 'instant-ship-label-app-killed';
        const hold = await holdInserts(runtime.apps.label, 'label_purchases', 7_300_602);
        const first = instantShip(acme, key);
        await eventually(async () => {
          const [shipment] = (await requestedShipments(runtime)).filter((id) => !known.includes(id));
          if (shipment === undefined || !(await hold.waiting())) return undefined;
          return (await effectsOf(runtime, batchLogOf(), shipment)).labelsSold === 1 ? true : undefined;
        }, 30_000);
        await runtime.apps.label.kill();
        await hold.abandonWaiters();
        await hold.release();
        expect((await first).response.status).toBe(503);
        await runtime.apps.label.restart();

        await expectOneShipment(await retryUntilAnswered(acme, key));
      },
      TEST_TIMEOUT_MS,
    );
  });
