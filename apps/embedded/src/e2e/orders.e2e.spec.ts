import { createTestDatabase, type RuntimeProcess, startRuntime, type TestDatabase } from '@shipping/testing';
import { draftOrdersSuite } from './orders.suite';

/** Draft orders on a PostgreSQL server; on PGlite they run in default-runtime.e2e.spec.ts. */
describe('draft orders on a PostgreSQL server', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;

  beforeAll(async () => {
    database = await createTestDatabase('orders_e2e');
    runtime = await startRuntime({ env: { STORE: 'postgres', DATABASE_URL: database.url } });
  });

  afterAll(async () => {
    await runtime?.stop();
    await database?.drop();
  });

  draftOrdersSuite(() => runtime);
});
