/**
 * bench/batch (read side): loads GET /batches/{id}?page=5 of a 1,000-item batch with autocannon
 * for 10 s after a 2 s warm-up and prints requests per second and latencies. Every response must
 * be a 200 with the body of the first one, or the run fails. Run: npm run bench:batch-read
 * The rate limit is off unless RATE_LIMIT_PER_MINUTE says otherwise; with REDIS_URL (and a limit)
 * every request's hit is counted in Redis.
 */
import autocannon from 'autocannon';
import { apiClient, batchShipment, eventually, startRuntime } from '@shipping/testing';

const CONNECTIONS = 20;
const DURATION_S = 10;
const WARMUP_S = 2;
const RATE_LIMIT = process.env.RATE_LIMIT_PER_MINUTE ?? '0';
const COUNTED =
  RATE_LIMIT === '0'
    ? 'rate limit off'
    : `rate limit ${RATE_LIMIT}/min counted ${process.env.REDIS_URL ? 'in Redis' : 'in process'}`;

async function main(): Promise<void> {
  const runtime = await startRuntime({
    env: { RATE_LIMIT_PER_MINUTE: RATE_LIMIT, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    // A loaded machine can take more than a minute to start the runtime.
    startTimeoutMs: 180_000,
  });
  let failed = false;
  try {
    const acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    const shipments = Array.from({ length: 1_000 }, (_, index) => batchShipment(index));
    const created = await acme.post('/batches', {
      shipper_id: 1,
      service: 'USPS-1',
      batch_shipments: shipments,
    });
    const batchId: string = created.body.data.id;
    await eventually(
      async () => ((await acme.get(`/batches/${batchId}`)).body.data.status === 'ready' ? true : undefined),
      60_000,
    );
    const url = `${runtime.baseUrl}/batches/${batchId}?page=5`;
    const headers = { authorization: 'Bearer sk_test_acme' };
    const expected = await fetch(url, { headers });
    const expectBody = await expected.text();
    if (expected.status !== 200 || JSON.parse(expectBody).data.items.data.length !== 100) {
      throw new Error(`unexpected answer to the page: ${expected.status} ${expectBody.slice(0, 200)}`);
    }
    const load = (duration: number) =>
      autocannon({ url, headers, connections: CONNECTIONS, duration, expectBody });
    await load(WARMUP_S);
    const result = await load(DURATION_S);
    console.log(
      `bench/batch read: GET /batches/{id}?page=5 (100 items a page), ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, LOG_LEVEL ${process.env.LOG_LEVEL ?? 'warn'}, ${COUNTED}`,
    );
    console.log(`  requests/s  avg ${result.requests.average.toFixed(0)}   (target 2,000)`);
    console.log(
      `  latency ms  p50 ${result.latency.p50}   p99 ${result.latency.p99}   max ${result.latency.max}`,
    );
    console.log(
      `  non-2xx     ${result.non2xx}   body mismatches ${result.mismatches}   errors ${result.errors}   timeouts ${result.timeouts}`,
    );
    failed = result.non2xx + result.mismatches + result.errors + result.timeouts > 0;
    if (failed) console.error('FAILED: every response must be a 200 with the expected body');
  } finally {
    await runtime.stop();
  }
  if (failed) process.exit(1);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
