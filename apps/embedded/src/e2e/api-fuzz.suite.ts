import { unwrap } from '@shipping/client';
import { type RuntimeProcess, startWebhookReceiver, testClient } from '@shipping/testing';
import { type ApiFuzzReport, formatFuzzReport, runApiFuzz } from '@shipping/testing/fuzz';

/** The embedded runtime's admin key while ADMIN_API_KEY is unset. */
const SANDBOX_ADMIN_KEY = 'sk_admin_sandbox_embedded';

/** `npm test` sends 2,000 generated requests; `npm run fuzz -- --runs 20000 --seed N` runs longer. */
const RUNS = Number(process.env['API_FUZZ_RUNS'] ?? 2_000);
const SEED = Number(process.env['API_FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));

/**
 * A refused request must leave the whole database as it was, so this suite runs first on its
 * runtime: no other suite's batch is still shipping, nor its webhooks delivering, in its windows.
 * It removes the endpoints it registered on Acme, those of its receiver's URL, before the receiver
 * closes: the suites after it would otherwise have their Acme events sent there, unanswered.
 */
export const apiFuzzSuite = (runtimeOf: () => RuntimeProcess, databaseUrlOf: () => string) =>
  describe('requests generated from the OpenAPI document, on PostgreSQL', () => {
    let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;

    beforeAll(async () => {
      receiver = await startWebhookReceiver();
    });

    afterAll(async () => {
      const acme = testClient(runtimeOf().baseUrl, 'sk_test_acme');
      for (const endpoint of unwrap(await acme.GET('/webhooks')).filter(({ url }) => url === receiver.url))
        await acme.DELETE('/webhooks/{webhook_id}', {
          params: { path: { webhook_id: String(endpoint.id) } },
        });
      await receiver?.close();
    });

    it(
      `answers ${RUNS} requests with a success or a documented 4xx in the envelope, and a refused one changes nothing`,
      async () => {
        let report: ApiFuzzReport | undefined;
        try {
          report = await runApiFuzz({
            baseUrl: runtimeOf().baseUrl,
            databaseUrl: databaseUrlOf(),
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
