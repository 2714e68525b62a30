// `npm run fuzz`: a long run of the requests the api-fuzz e2e suite sends (see fuzz-options.ts).
import { randomInt } from 'node:crypto';
import { createTestDatabase, startRuntime, startWebhookReceiver } from '@shipping/testing';
import { formatFuzzReport, runApiFuzz } from '@shipping/testing/fuzz';
import { parseFuzzArgs, USAGE, UsageError } from './fuzz-options';

/** The embedded runtime's admin key while ADMIN_API_KEY is unset. */
const SANDBOX_ADMIN_KEY = 'sk_admin_sandbox_embedded';

async function main(): Promise<number> {
  let options;
  try {
    options = parseFuzzArgs(process.argv.slice(2), () => randomInt(2 ** 31));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`fuzz: ${error.message}\n(npm run fuzz -- --help for the usage)\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(USAGE);
    return 0;
  }
  process.stdout.write(`fuzz: ${options.runs} requests, seed ${options.seed}\n`);
  const database = await createTestDatabase('api_fuzz');
  const receiver = await startWebhookReceiver();
  const runtime = await startRuntime({
    env: { STORE: 'postgres', DATABASE_URL: database.url, RATE_LIMIT_PER_MINUTE: '0' },
    startTimeoutMs: 180_000,
  });
  try {
    const report = await runApiFuzz({
      baseUrl: runtime.baseUrl,
      databaseUrl: database.url,
      webhookUrl: receiver.url,
      runs: options.runs,
      seed: options.seed,
      apiKey: 'sk_test_acme',
      adminKey: SANDBOX_ADMIN_KEY,
      print: (line) => process.stdout.write(`${line}\n`),
    });
    process.stdout.write(`${formatFuzzReport(report)}\n`);
    for (const failure of report.failures.slice(0, 50)) process.stdout.write(`  ${failure}\n`);
    return report.failures.length === 0 ? 0 : 1;
  } finally {
    await runtime.stop();
    await receiver.close();
    await database.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(
      `fuzz: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
