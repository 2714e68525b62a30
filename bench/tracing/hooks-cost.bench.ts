/**
 * bench/tracing: what the observability hooks of the read path cost each request, tracing off (no
 * OTEL_EXPORTER_OTLP_ENDPOINT: OpenTelemetry's API with no SDK registered, as in production by
 * default). A GET of a batch page passes the gateway's request hook (a span and the HTTP duration
 * histogram) and the query handler's timer; each is called here on its own, 200,000 times a round,
 * beside the same loop without it, and the CPU time of the difference is printed per call
 * (median and spread of 7 rounds). `npm run bench:batch-read` gives the whole request's CPU for
 * scale: about 500 µs on this machine.
 * Run: node -r ./tools/ts-runtime/register.js bench/tracing/hooks-cost.bench.ts
 */
import 'reflect-metadata';
import { EventEmitter } from 'node:events';
import type { MessageHandler } from '@nestjs/microservices';
import { SpanKind } from '@opentelemetry/api';
import { observeRequests } from '../../apps/gateway/src/http/observability/request-observer';
import { timedHandler } from '../../libs/messaging/src/observability/handler-metrics';
import { tracer } from '../../libs/messaging/src/observability/trace-context';
import { metrics } from '../../libs/platform/src/observability/metrics';
import { spread } from '../spread';

const CALLS = 200_000;
const ROUNDS = 7;

type Request = Parameters<typeof observeRequests>[0];
type Reply = Parameters<typeof observeRequests>[1];
type Response = EventEmitter;

function fakeExchange(): { request: Request; reply: Reply; response: Response } {
  const response = Object.assign(new EventEmitter(), { statusCode: 200 });
  const request = {
    method: 'GET',
    headers: { authorization: 'Bearer sk_test_acme' },
    is404: false,
    routeOptions: { url: '/batches/:batchId', config: {} },
  } as unknown as Request;
  return { request, reply: { raw: response } as unknown as Reply, response };
}

/** A request through `hook`: the hook, the route's work (nothing), the response finishing. */
const throughHook = (hook: (request: Request, response: Response, next: () => void) => void) => () => {
  const { request, response } = fakeExchange();
  hook(request, response, () => undefined);
  response.emit('finish');
};

/** The gateway's hook, given the reply whose response finishes. */
const onReply = (hook: typeof observeRequests) => (request: Request, response: Response, next: () => void) =>
  hook(request, { raw: response } as unknown as Reply, next);

const hooks = {
  none: throughHook((_request, _response, next) => next()),
  'request hook (span + histogram)': throughHook(onReply(observeRequests)),
  'histogram only': throughHook((request, response, next) => {
    const stop = metrics.httpRequestDuration.startTimer({ method: request.method });
    response.once('finish', () => stop({ route: '/batches/:batchId', status: '200' }));
    next();
  }),
  'span only (no-op tracer)': throughHook((request, response, next) => {
    tracer().startActiveSpan(request.method, { kind: SpanKind.SERVER }, (span) => {
      response.once('finish', () => {
        span.updateName(`${request.method} /batches/:batchId`);
        span.setAttributes({ 'http.route': '/batches/:batchId', 'http.response.status_code': 200 });
        span.end();
      });
      next();
    });
  }),
};

const answer = { batch: {}, items: [] };
const rawHandler = Object.assign(async () => answer, { isEventHandler: false, extras: { kind: 'query' } });
const timed = timedHandler(rawHandler as unknown as MessageHandler, 'batch.get') as MessageHandler;

async function cpuMicrosPerCall(call: () => unknown): Promise<number> {
  const before = process.cpuUsage();
  for (let index = 0; index < CALLS; index++) await call();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / CALLS;
}

const spreadText = (values: number[]) => {
  const { min, median, max } = spread(values);
  return `${min.toFixed(2)} / ${median.toFixed(2)} / ${max.toFixed(2)}`;
};

async function main(): Promise<void> {
  const rounds: Record<string, number[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    const baseline = await cpuMicrosPerCall(hooks.none);
    for (const [name, hook] of Object.entries(hooks)) {
      if (name === 'none') continue;
      (rounds[name] ??= []).push((await cpuMicrosPerCall(hook)) - baseline);
    }
    const handlerBaseline = await cpuMicrosPerCall(() => rawHandler());
    (rounds['query handler timer'] ??= []).push(
      (await cpuMicrosPerCall(() => timed(undefined, undefined))) - handlerBaseline,
    );
  }
  console.log(`CPU µs per call added by each hook, tracing off (min / median / max of ${ROUNDS} rounds):`);
  for (const [name, values] of Object.entries(rounds))
    console.log(`  ${name.padEnd(34)} ${spreadText(values)}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
