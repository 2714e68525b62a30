import { propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { SpanKind, SpanStatusCode, tracer } from '@shipping/messaging';
import { metrics, metricsText } from '@shipping/platform/observability';
import type { FastifyRequest } from 'fastify';
import { type GatewayHook, pathOf } from '../gateway-request';
import { ROUTE_TEMPLATE } from '../routing/named-wildcards';

/**
 * Each request in a span of its own (continuing a W3C `traceparent` the client sent, if any), and
 * timed into `http_request_duration_seconds` under its route template, so /batches/:id is one
 * series whatever the id. A request no route took counts as `unmatched`.
 */
export const observeRequests: GatewayHook = (request, reply, done) => {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  tracer().startActiveSpan(
    request.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
    parent,
    (span) => {
      const stop = metrics.httpRequestDuration.startTimer({ method: request.method });
      const response = reply.raw;
      response.once('finish', () => {
        const route = routeOf(request);
        stop({ route, status: String(response.statusCode) });
        span.updateName(`${request.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': response.statusCode });
        if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      done();
    },
  );
};

function routeOf(request: FastifyRequest): string {
  if (request.is404) return 'unmatched';
  const { config, url } = request.routeOptions;
  const template = (config as { [ROUTE_TEMPLATE]?: string } | undefined)?.[ROUTE_TEMPLATE] ?? url;
  return typeof template === 'string' ? template : 'unmatched';
}

/** GET /metrics: the process's metrics in Prometheus' text format, before any other hook. */
export const serveMetrics: GatewayHook = (request, reply, done) => {
  if (request.method !== 'GET' || pathOf(request) !== '/metrics') return done();
  metricsText().then(
    ({ contentType, body }) => reply.code(200).type(contentType).send(body),
    (error: unknown) => done(error as Error),
  );
};
