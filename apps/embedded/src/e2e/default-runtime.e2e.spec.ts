import { type RuntimeProcess, startRuntime } from '@shipping/testing';
import { batchIdParamsSuite } from './batch-id-params.suite';
import { batchListSuite } from './batch-list.suite';
import { batchWebhooksSuite } from './batch-webhooks.suite';
import { gatewayConventionsSuite } from './conventions.suite';
import { hostileInputSuite } from './hostile-input.suite';
import { openApiContractSuite } from './openapi-contract.suite';
import { draftOrdersSuite } from './orders.suite';
import { shippingClientSuite } from './shipping-client.suite';
import { webhookEndpointsSuite } from './webhook-endpoints.suite';

/**
 * One embedded runtime on its default store (PGlite), with no rate limit and logging at info (the
 * conventions read the request log), started once for the suites that need nothing else of it: a
 * start and stop costs the test processes 5 to 6 CPU seconds. The suites run in this order: hostile
 * input counts what it adds to Acme's lists, so it comes first; draft orders and the conventions
 * read the orders they add to Acme and Tiny before any batch is made; the contract tour ships a
 * batch it does not wait for, so it comes last. Each other suite reads only what it made, on Acme
 * or on merchants of its own.
 */
describe('the embedded runtime on its defaults, shared', () => {
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    runtime = await startRuntime({
      env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'info' },
      startTimeoutMs: 110_000,
    });
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
  });

  hostileInputSuite(() => runtime);
  draftOrdersSuite(() => runtime);
  gatewayConventionsSuite(() => runtime);
  batchIdParamsSuite(() => runtime);
  batchListSuite(() => runtime);
  webhookEndpointsSuite(() => runtime);
  shippingClientSuite(() => runtime);
  batchWebhooksSuite(() => runtime);
  openApiContractSuite(() => runtime);
});
