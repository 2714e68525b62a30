import { type RuntimeProcess, startRuntime } from '@shipping/testing';
import { instantShipSwitchedOffSuite } from './instant-ship-switched-off.suite';
import { internalWebhookTargetsSuite } from './internal-webhook-targets.suite';

/**
 * One embedded runtime (PGlite, no rate limit) with two switches off, each the subject of one
 * suite and out of the other's way: internal webhook targets refused (no suite here registers a
 * receiver) and instant ship refused (no suite here ships one).
 */
describe('the embedded runtime with internal webhook targets and instant ship switched off', () => {
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    runtime = await startRuntime({
      env: {
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
        INSTANT_SHIP_ENABLED: 'false',
        RATE_LIMIT_PER_MINUTE: '0',
      },
    });
  });

  afterAll(async () => {
    await runtime?.stop();
  });

  internalWebhookTargetsSuite(() => runtime);
  instantShipSwitchedOffSuite(() => runtime);
});
