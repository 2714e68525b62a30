/**
 * bench/batch (as of a moment): what `GET /batches/{id}?as_of=` costs beside the live read, on a
 * 1,000-item batch shipped to completed (embedded runtime). The live read pages the read model's
 * rows; an answer as of a moment reads the batch's stream up to it and folds it with the read
 * model's own fold (decision 113). One request at a time, a warm-up of each first; prints ms per
 * request, min / median / max, for the live page, the page as of the last revision, as of a time,
 * and as of the revision the batch turned ready.
 * Run: node -r ./tools/ts-runtime/register.js bench/batch/as-of-read.bench.ts [--requests 30]
 */
import { parseArgs } from 'node:util';
import { apiClient, batchShipment, eventually, startRuntime } from '@shipping/testing';

const { values } = parseArgs({ options: { requests: { type: 'string', default: '30' } } });
const REQUESTS = Number(values.requests);
const headers = { authorization: 'Bearer sk_test_acme' };

async function timed(url: string): Promise<{ ms: number[]; body: string }> {
  const answer = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = await response.text();
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, body };
  };
  const { body } = await answer();
  const ms: number[] = [];
  for (let n = 0; n < REQUESTS; n++) ms.push((await answer()).ms);
  return { ms: ms.sort((a, b) => a - b), body };
}

const figure = (ms: number[]) =>
  [ms[0], ms[ms.length >> 1], ms[ms.length - 1]].map((value) => value.toFixed(1)).join(' / ');

async function main(): Promise<void> {
  const runtime = await startRuntime({
    env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    startTimeoutMs: 180_000,
  });
  try {
    const acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    const shipments = Array.from({ length: 1_000 }, (_, index) => batchShipment(index));
    const created = await acme.post('/batches', {
      shipper_id: 1,
      service: 'USPS-1',
      batch_shipments: shipments,
    });
    const batchId: string = created.body.data.id;
    const statusIs = (status: string) =>
      eventually(
        async () => ((await acme.get(`/batches/${batchId}`)).body.data.status === status ? true : undefined),
        300_000,
      );
    await statusIs('ready');
    const page = `${runtime.baseUrl}/batches/${batchId}?page=5`;
    const ready = (await fetch(page, { headers })).headers.get('stream-revision');
    const shipped = await acme.post(`/batches/${batchId}/ship`);
    if (shipped.status !== 200) throw new Error(`ship answered ${shipped.status}`);
    await statusIs('completed');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = new Date().toISOString();

    const live = await timed(page);
    const revision = (await fetch(page, { headers })).headers.get('stream-revision');
    const atRevision = await timed(`${page}&as_of=${revision}`);
    const atTime = await timed(`${page}&as_of=${encodeURIComponent(now)}`);
    const atReady = await timed(`${page}&as_of=${ready}`);
    // Signed label links and the page links differ from one answer to the next; the spec of
    // as_of compares the answers (batch-as-of.int.spec.ts), the bench only checks it got the page.
    for (const { body } of [live, atRevision, atTime, atReady])
      if ((JSON.parse(body) as { data: { items: { data: unknown[] } } }).data.items.data.length !== 100)
        throw new Error(`not a page of 100 items: ${body.slice(0, 200)}`);
    console.log(
      `bench/batch as_of: GET /batches/{id}?page=5 of a shipped 1,000-item batch (stream revision ${revision}, ready at ${ready}), embedded runtime, ${REQUESTS} requests each, one at a time`,
    );
    console.log(`  live read                    ${figure(live.ms)} ms (min / median / max)`);
    console.log(`  as_of the last revision      ${figure(atRevision.ms)} ms`);
    console.log(`  as_of a time after the last  ${figure(atTime.ms)} ms`);
    console.log(`  as_of the ready revision     ${figure(atReady.ms)} ms`);
    const median = (ms: number[]) => ms[ms.length >> 1];
    console.log(
      `  as_of / live, medians: ${(median(atRevision.ms) / median(live.ms)).toFixed(1)}x (revision), ${(median(atTime.ms) / median(live.ms)).toFixed(1)}x (time)`,
    );
  } finally {
    await runtime.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
