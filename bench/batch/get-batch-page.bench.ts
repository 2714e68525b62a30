/**
 * bench/batch (read side): loads GET /batches/{id}?page=5 of a 1,000-item batch with autocannon
 * for 10 s and prints requests per second and latencies. Run: npm run bench:batch-read
 */
import autocannon from 'autocannon';
import { apiClient, batchShipment, eventually, startRuntime } from '@shipping/testing';

async function main(): Promise<void> {
  const runtime = await startRuntime({ env: { RATE_LIMIT_PER_MINUTE: '0', LOG_LEVEL: 'warn' } });
  try {
    const acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    const shipments = Array.from({ length: 1_000 }, (_, index) => batchShipment(index));
    const created = await acme.post('/batches', { shipper_id: 1, service: 'USPS-1', batch_shipments: shipments });
    const batchId: string = created.body.data.id;
    await eventually(async () => ((await acme.get(`/batches/${batchId}`)).body.data.status === 'ready' ? true : undefined), 60_000);
    const result = await autocannon({
      url: `${runtime.baseUrl}/batches/${batchId}?page=5`,
      headers: { authorization: 'Bearer sk_test_acme' },
      connections: 20,
      duration: 10,
    });
    console.log(`bench/batch read: GET /batches/{id}?page=5 (100 items a page), 20 connections, 10 s`);
    console.log(`  requests/s  avg ${result.requests.average.toFixed(0)}   (target 2,000)`);
    console.log(`  latency ms  p50 ${result.latency.p50}   p99 ${result.latency.p99}   max ${result.latency.max}`);
    console.log(`  non-2xx     ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`);
  } finally {
    await runtime.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
