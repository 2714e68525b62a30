import { type DistributedRuntime, startDistributedRuntime } from '@shipping/testing';
import { distributedFaultsSuite } from './distributed-faults.suite';
import { instantShipOnceSuite } from './instant-ship-once.suite';
import { publicEventsSuite } from './public-events.suite';

/**
 * The instant-ship suite waits out the order app's label deadline and shipment lease (30 s and
 * 15 s unless set); what it proves needs only that they end, so shorter ones do.
 */
const INSTANT_SHIP_TIMING = { INSTANT_SHIP_LABEL_TIMEOUT_MS: '5000', INSTANT_SHIP_LEASE_MS: '5000' };

/**
 * One broker and one process per app, started once for the suites that need nothing else of
 * it: each start of the six apps and the broker costs the 2-core machine half a minute. The
 * suites run in this order: public events read the topics while they hold little, the broker
 * restart comes last. Each suite reads only what it made (its keys, its batch, its shipments),
 * and every app it stops or kills runs again when it ends.
 */
describe('the distributed runtime, one process per app', () => {
  let runtime: DistributedRuntime;

  beforeAll(async () => {
    runtime = await startDistributedRuntime({ appEnv: { order: INSTANT_SHIP_TIMING } });
  }, 180_000);

  afterAll(async () => {
    await runtime?.stop();
  }, 60_000);

  publicEventsSuite(() => runtime);
  instantShipOnceSuite(() => runtime);
  distributedFaultsSuite(() => runtime);
});
