/**
 * bench/batch (read side): loads GET /batches/{id}?page=5 of a 1,000-item batch with autocannon
 * for 10 s after a 2 s warm-up and prints requests per second and latencies. Every response must
 * be a 200 with the body of the first one, or the run fails. Beside it, under the same load, two
 * floors in processes of their own answering the same bytes and headers from memory: a bare
 * `node:http` server (the floor the targets name), and one Nest route on the gateway's own HTTP
 * adapter (what the framework alone costs). Prints all three, the ratios, and the targets met or
 * missed.
 * Run: npm run bench:batch-read
 * The rate limit is off unless RATE_LIMIT_PER_MINUTE says otherwise; with REDIS_URL (and a limit)
 * every request's hit is counted in Redis.
 */
import autocannon from 'autocannon';
import { apiClient, batchShipment, eventually, startRuntime } from '@shipping/testing';
import { atLeast, atMost } from '../target';
import { startBareHttpFloor } from './bare-http-floor';
import { startNestRouteFloor } from './nest-route-floor';

const CONNECTIONS = 20;
const DURATION_S = 10;
const WARMUP_S = 2;
const RATE_LIMIT = process.env.RATE_LIMIT_PER_MINUTE ?? '0';
const COUNTED =
  RATE_LIMIT === '0'
    ? 'rate limit off'
    : `rate limit ${RATE_LIMIT}/min counted ${process.env.REDIS_URL ? 'in Redis' : 'in process'}`;

const TARGET_REQUESTS_PER_S = 5_000;
const TARGET_FLOOR_RATIO = 0.5;
const TARGET_P99_MS = 10;
/** The headers of the gateway's answer that the floor sends too. */
const PAGE_HEADERS = ['content-type', 'etag', 'content-length'];

type Result = autocannon.Result;

async function measure(url: string, headers: Record<string, string>, expectBody: string): Promise<Result> {
  const load = (duration: number) =>
    autocannon({ url, headers, connections: CONNECTIONS, duration, expectBody });
  await load(WARMUP_S);
  return load(DURATION_S);
}

const everyAnswerExpected = (result: Result) =>
  result.non2xx + result.mismatches + result.errors + result.timeouts === 0;

function printFigures(
  gateway: Result,
  nest: Result,
  bare: Result,
  pageHeaders: Record<string, string>,
): void {
  const ratio = gateway.requests.average / bare.requests.average;
  const row = (
    name: string,
    ours: string | number,
    route: string | number,
    floor: string | number,
    target = '',
  ) =>
    console.log(
      `  ${name.padEnd(14)}${String(ours).padStart(10)}${String(route).padStart(12)}${String(floor).padStart(12)}   ${target}`,
    );
  const perSecond = (result: Result) => result.requests.average.toFixed(0);
  const answers = (result: Result) =>
    `non-2xx ${result.non2xx}, body mismatches ${result.mismatches}, errors ${result.errors}, timeouts ${result.timeouts}`;
  console.log(
    `bench/batch read: GET /batches/{id}?page=5 (100 items a page), ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, LOG_LEVEL ${process.env.LOG_LEVEL ?? 'warn'}, ${COUNTED}`,
  );
  console.log(`  the page: ${JSON.stringify(pageHeaders)}`);
  row(
    '',
    'gateway',
    'Nest route',
    'bare http',
    'target (floors: their own processes, the same bytes from memory)',
  );
  row(
    'requests/s',
    perSecond(gateway),
    perSecond(nest),
    perSecond(bare),
    `at least ${TARGET_REQUESTS_PER_S.toLocaleString('en-US')}: ${atLeast(gateway.requests.average, TARGET_REQUESTS_PER_S)}`,
  );
  row(
    'ratio',
    `${ratio.toFixed(2)}x`,
    `${(nest.requests.average / bare.requests.average).toFixed(2)}x`,
    '1x',
    `at least ${TARGET_FLOOR_RATIO}x the bare floor: ${atLeast(ratio, TARGET_FLOOR_RATIO)}`,
  );
  row('p50 ms', gateway.latency.p50, nest.latency.p50, bare.latency.p50);
  row(
    'p99 ms',
    gateway.latency.p99,
    nest.latency.p99,
    bare.latency.p99,
    `at most ${TARGET_P99_MS} ms: ${atMost(gateway.latency.p99, TARGET_P99_MS)}`,
  );
  row('max ms', gateway.latency.max, nest.latency.max, bare.latency.max);
  console.log(`  gateway answers:    ${answers(gateway)}`);
  console.log(`  Nest route answers: ${answers(nest)}`);
  console.log(`  bare http answers:  ${answers(bare)}`);
}

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
    const page = {
      body: expectBody,
      headers: Object.fromEntries(
        PAGE_HEADERS.flatMap((name) => {
          const value = expected.headers.get(name);
          return value === null ? [] : [[name, value]];
        }),
      ),
    };
    const gateway = await measure(url, headers, expectBody);
    const onFloor = async (start: typeof startBareHttpFloor) => {
      const floor = await start(page);
      return measure(`${floor.url}/batches/${batchId}?page=5`, headers, expectBody).finally(() =>
        floor.stop(),
      );
    };
    const nest = await onFloor(startNestRouteFloor);
    const bare = await onFloor(startBareHttpFloor);
    printFigures(gateway, nest, bare, page.headers);
    failed = [gateway, nest, bare].some((result) => !everyAnswerExpected(result));
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
