import {
  createTestDatabase,
  type RuntimeProcess,
  startRuntime,
  startWebhookReceiver,
  type TestDatabase,
} from '@shipping/testing';
import { type ApiFuzzReport, formatFuzzReport, runApiFuzz } from '@shipping/testing/fuzz';

/** The embedded runtime's admin key while ADMIN_API_KEY is unset. */
const SANDBOX_ADMIN_KEY = 'sk_admin_sandbox_embedded';

/** `npm test` sends 2,000 generated requests; `npm run fuzz -- --runs 20000 --seed N` runs longer. */
const RUNS = Number(process.env['API_FUZZ_RUNS'] ?? 2_000);
const SEED = Number(process.env['API_FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));

describe('requests generated from the OpenAPI document, on PostgreSQL', () => {
  let database: TestDatabase;
  let runtime: RuntimeProcess;
  let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

  beforeAll(async () => {
    database = await createTestDatabase('api_fuzz_e2e');
    receiver = await startWebhookReceiver();
    runtime = await startRuntime({
      env: { STORE: 'postgres', DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0' },
      startTimeoutMs: 110_000,
    });
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
    await receiver?.close();
    await database?.drop();
  });

  it(
    `answers ${RUNS} requests with a success or a documented 4xx in the envelope, and a refused one changes nothing`,
    async () => {
      let report: ApiFuzzReport | undefined;
      try {
        report = await runApiFuzz({
          baseUrl: runtime.baseUrl,
          databaseUrl: database.url,
          webhookUrl: receiver.url,
          runs: RUNS,
          seed: SEED,
          apiKey: 'sk_test_acme',
          adminKey: SANDBOX_ADMIN_KEY,
        });
      } finally {
        process.stdout.write(`${report ? formatFuzzReport(report) : `api fuzz stopped, seed ${SEED}`}\n`);
      }
      expect({ seed: SEED, failures: report.failures.slice(0, 20) }).toEqual({ seed: SEED, failures: [] });
      expect(report.sent).toBe(RUNS + report.resent);
      // The deep validators are reached: most requests pass authentication and JSON parsing.
      expect(report.statuses[422] ?? 0).toBeGreaterThan(RUNS / 4);
      expect(report.windowsChecked).toBeGreaterThan(0);
    },
    120_000 + RUNS * 100,
  );
});
