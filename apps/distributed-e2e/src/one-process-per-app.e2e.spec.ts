import {
  type DistributedRuntime,
  startDistributedRuntime,
  startTestEventStoreDbServer,
  type TestEventStoreDbServer,
  type UspsMockServer,
} from '@shipping/testing';
import { distributedFaultsSuite } from './distributed-faults.suite';
import { distributedRuntimeSuite } from './distributed-runtime.suite';
import { instantShipOnceSuite } from './instant-ship-once.suite';
import { ADMIN_KEY, labelOnUspsMock, startUspsMock } from './live-usps-support';
import { publicEventsSuite } from './public-events.suite';

/**
 * The instant-ship suite waits out the order app's label deadline and shipment lease (30 s and
 * 15 s unless set); what it proves needs only that they end, so shorter ones do.
 */
const INSTANT_SHIP_TIMING = { INSTANT_SHIP_LABEL_TIMEOUT_MS: '5000', INSTANT_SHIP_LEASE_MS: '5000' };

/**
 * The order app killed mid instant ship leaves its claim of the Idempotency-Key unsettled: the
 * client's retry takes it over once its lease runs out (60 s unless set). The shortest lease, 15 s,
 * still outlasts the 5 s label deadline by the 10 s the order app asks. The gateway's claim needs
 * none: the gateway, not killed, released its key when the first attempt answered 503.
 */
const CLAIM_TIMING = { IDEMPOTENCY_CLAIM_LEASE_MS: '15000' };

/**
 * The fault suite's batch app, killed mid-shipping and started again, is a new holder: it takes its
 * labelling job back once the old lease runs out (60 s, then the next 15 s sweep, unless set), and
 * the label app's purchases once theirs do (15 s). The same takeover with 5 s leases and a 1 s sweep.
 */
const TAKEOVER_TIMING = { BATCH_LABELING_LEASE_MS: '5000', BATCH_LABELING_SWEEP_MS: '1000' };

/**
 * One broker and one process per app, started once for every suite that needs no other shape of
 * it: each start of the six apps and the broker costs the 2-core machine half a minute. The batch
 * app keeps its streams in the EventStoreDB test server, the label app's live keys reach the USPS
 * mock, the gateway has an admin key. The suites run in this order: public events read the topics
 * from their start while they hold little; the runtime suite's webhook endpoint is gone before the
 * instant ships and batches of the fault suites; the broker restart comes last. Each suite reads
 * only what it made (its keys, its batches, its shipments), and every app it stops or kills runs
 * again when it ends.
 */
describe('the distributed runtime, one process per app', () => {
  let runtime: DistributedRuntime;
  let eventStoreDb: TestEventStoreDbServer;
  let usps: UspsMockServer;

  beforeAll(async () => {
    [eventStoreDb, usps] = await Promise.all([startTestEventStoreDbServer(), startUspsMock()]);
    runtime = await startDistributedRuntime({
      appEnv: {
        batch: { EVENT_STORE: 'eventstoredb', ESDB_URL: eventStoreDb.connectionString, ...TAKEOVER_TIMING },
        label: { ...labelOnUspsMock(usps), LABEL_PURCHASE_LEASE_MS: '5000' },
        gateway: { ADMIN_API_KEY: ADMIN_KEY },
        order: { ...INSTANT_SHIP_TIMING, ...CLAIM_TIMING },
      },
    });
  }, 180_000);

  afterAll(async () => {
    await runtime?.stop();
    await eventStoreDb?.stop();
    await usps?.stop();
  }, 60_000);

  const batchLog = () => eventStoreDb.log;
  publicEventsSuite(() => runtime);
  distributedRuntimeSuite(
    () => runtime,
    () => ({ eventStoreDb, usps }),
  );
  instantShipOnceSuite(() => runtime, batchLog);
  distributedFaultsSuite(() => runtime, batchLog);
});
