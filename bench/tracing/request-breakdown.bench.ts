/**
 * bench/tracing: where a distributed gateway request's time goes. Starts the distributed runtime
 * (a Kafka broker and the six apps) exporting its spans over OTLP to an in-memory collector, sends
 * GET /shippers (one query from the gateway to the order app) one request after another, each with
 * a trace of its own, and prints the median and p90 of each stretch of the request's path.
 * Run: node -r ./tools/ts-runtime/register.js bench/tracing/request-breakdown.bench.ts
 */
import { randomBytes } from 'node:crypto';
import {
  type CollectedSpan,
  eventually,
  startDistributedRuntime,
  startSpanCollector,
} from '@shipping/testing';

const WARM_UP = 100;
const SAMPLES = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;

interface Sample {
  client: number;
  spans: CollectedSpan[];
}

async function main(): Promise<void> {
  const collector = await startSpanCollector();
  const runtime = await startDistributedRuntime({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint, OTEL_BSP_SCHEDULE_DELAY: '200' },
  });
  try {
    const ask = async () => {
      const traceId = randomBytes(16).toString('hex');
      const started = performance.now();
      const answer = await fetch(`${runtime.baseUrl}/shippers`, {
        headers: {
          authorization: 'Bearer sk_test_acme',
          traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
        },
      });
      await answer.text();
      if (answer.status !== 200) throw new Error(`GET /shippers answered ${answer.status}`);
      return { traceId, client: performance.now() - started };
    };
    for (let n = 0; n < WARM_UP; n++) await ask();
    const asked: { traceId: string; client: number }[] = [];
    for (let n = 0; n < SAMPLES; n++) asked.push(await ask());
    const samples = await eventually(async () => {
      const byTrace = new Map<string, CollectedSpan[]>();
      for (const span of collector.spans)
        byTrace.set(span.traceId, [...(byTrace.get(span.traceId) ?? []), span]);
      const complete = asked.map(({ traceId, client }) => ({ client, spans: byTrace.get(traceId) ?? [] }));
      return complete.every((sample) => sample.spans.length >= 3) ? complete : undefined;
    }, 30_000);
    report(samples);
  } finally {
    await runtime.stop();
    await collector.close();
  }
}

function report(samples: Sample[]): void {
  const stretches: Record<string, number[]> = {};
  const add = (name: string, ms: number) => (stretches[name] ??= []).push(ms);
  for (const { client, spans } of samples) {
    const one = (service: string, suffix: string) =>
      spans.find((span) => span.service === `shipping-${service}` && span.name.endsWith(suffix));
    const http = one('gateway', 'GET /shippers');
    const send = one('gateway', ' send');
    const handle = one('order', ' handle');
    if (!http || !send || !handle) continue;
    add('client: whole request (fetch)', client);
    add('gateway: HTTP span, first middleware to response', http.endMs - http.startMs);
    add('  gateway before the send (auth, guards, pipes, controller)', send.startMs - http.startMs);
    add('  request over Kafka (send span start -> order handler start)', handle.startMs - send.startMs);
    add('  order: handler (query)', handle.endMs - handle.startMs);
    add('  reply over Kafka (order handler end -> reply read by the gateway)', send.endMs - handle.endMs);
    add('  gateway after the reply (envelope, response written)', http.endMs - send.endMs);
    add('outside the gateway span (client, HTTP parsing, loopback)', client - (http.endMs - http.startMs));
  }
  console.log(
    `bench/tracing: GET /shippers on the distributed runtime, ${SAMPLES} requests one after another`,
  );
  console.log('  stretch                                                              p50 ms   p90 ms');
  for (const [name, values] of Object.entries(stretches)) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(68)} ${percentile(sorted, 50).toFixed(2).padStart(6)}   ${percentile(sorted, 90).toFixed(2).padStart(6)}`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
