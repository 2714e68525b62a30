import { createTestDatabase, type RuntimeProcess, startRuntime, type TestDatabase } from '@shipping/testing';
import { adminRetriesSuite } from './admin-retries.suite';
import { apiFuzzSuite } from './api-fuzz.suite';
import { batchEventsSuite } from './batch-events.suite';
import { batchesSuite } from './batches.suite';
import { instantShipSuite } from './instant-ship.suite';
import { draftOrdersSuite } from './orders.suite';
import { pickupsSuite } from './pickups.suite';
import { stateAsOfSuite } from './state-as-of.suite';
import { testAndLiveMoneySuite } from './test-and-live-money.suite';
import { webhookSecretsSuite } from './webhook-secrets.suite';

/**
 * One embedded runtime on one PostgreSQL database, with no rate limit and the sandbox admin key,
 * for the suites that read its rows: each reads only what it made (its own batches, merchants,
 * accounts' rows). The API fuzz compares the whole database before and after refused requests, so
 * it runs first, before any other suite's work can still be landing. Draft orders come next, as
 * on the default runtime: they count Acme's orders made after theirs, once the fuzz has settled.
 */
describe('the embedded runtime on PostgreSQL, shared', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    database = await createTestDatabase('postgres_runtime_e2e');
    runtime = await startRuntime({
      env: { STORE: 'postgres', DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0' },
      startTimeoutMs: 110_000,
    });
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  const runtimeOf = () => runtime;
  const databaseUrlOf = () => database.url;
  apiFuzzSuite(runtimeOf, databaseUrlOf);
  draftOrdersSuite(runtimeOf);
  webhookSecretsSuite(runtimeOf, databaseUrlOf);
  pickupsSuite(runtimeOf, databaseUrlOf);
  instantShipSuite(runtimeOf, databaseUrlOf);
  batchesSuite(runtimeOf, databaseUrlOf);
  batchEventsSuite(runtimeOf);
  adminRetriesSuite(runtimeOf, databaseUrlOf);
  stateAsOfSuite(runtimeOf);
  testAndLiveMoneySuite(runtimeOf, databaseUrlOf);
});
