import { propagation, ROOT_CONTEXT } from '@opentelemetry/api';
import { SpanKind, SpanStatusCode, tracer } from '@shipping/messaging';
import { metrics, metricsText } from '@shipping/platform';
import type { Request, RequestHandler } from 'express';

/**
 * Each request in a span of its own (continuing a W3C `traceparent` the client sent, if any), and
 * timed into `http_request_duration_seconds` under its route template, so /batches/:id is one
 * series whatever the id. A request no route took counts as `unmatched`.
 */
export const observeRequests: RequestHandler = (request, response, next) => {
  const parent = propagation.extract(ROOT_CONTEXT, request.headers);
  tracer().startActiveSpan(
    request.method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': request.method } },
    parent,
    (span) => {
      const stop = metrics.httpRequestDuration.startTimer({ method: request.method });
      response.once('finish', () => {
        const route = routeOf(request);
        stop({ route, status: String(response.statusCode) });
        span.updateName(`${request.method} ${route}`);
        span.setAttributes({ 'http.route': route, 'http.response.status_code': response.statusCode });
        if (response.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
        span.end();
      });
      next();
    },
  );
};

function routeOf(request: Request): string {
  const path = (request.route as { path?: unknown } | undefined)?.path;
  return typeof path === 'string' ? `${request.baseUrl}${path}` : 'unmatched';
}

/** GET /metrics: the process's metrics in Prometheus' text format, before any other middleware. */
export const serveMetrics: RequestHandler = (request, response, next) => {
  if (request.method !== 'GET' || request.path !== '/metrics') return next();
  metricsText().then(
    ({ contentType, body }) => response.status(200).type(contentType).send(body),
    (error: unknown) => next(error),
  );
};
