import {
  type Context,
  context,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  type TextMapGetter,
  trace,
} from '@opentelemetry/api';
import type { IHeaders } from 'kafkajs';

/**
 * Every span of the service comes from this tracer. Without a registered tracer provider (tracing
 * off: no OTEL_EXPORTER_OTLP_ENDPOINT) the API hands out non-recording spans and a propagator that
 * writes nothing, so the calls below cost a few function calls each.
 */
export const tracer = () => trace.getTracer('shipping-order-service');

export { SpanKind };

const kafkaHeaderGetter: TextMapGetter<IHeaders | undefined> = {
  keys: (headers) => Object.keys(headers ?? {}),
  get: (headers, key) => {
    const value = headers?.[key];
    const first = Array.isArray(value) ? value[0] : value;
    return first === undefined ? undefined : first.toString();
  },
};

/** Writes the active span's W3C `traceparent` (and `tracestate`) into `carrier`; nothing when tracing is off. */
export function injectTraceContext(carrier: Record<string, unknown>, from: Context = context.active()): void {
  propagation.inject(from, carrier);
}

/** The trace context a Kafka message carries in its headers (the root context when it carries none). */
export function traceContextOfHeaders(headers: IHeaders | undefined): Context {
  return propagation.extract(ROOT_CONTEXT, headers, kafkaHeaderGetter);
}

/** Ends `span` with the outcome of `work`: an error sets its status and records the exception. */
export async function endedWith<T>(span: Span, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    failed(span, error);
    throw error;
  } finally {
    span.end();
  }
}

export function failed(span: Span, error: unknown): void {
  const message =
    error instanceof Error ? error.message : String((error as { code?: unknown })?.code ?? error);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

export { context, trace, SpanStatusCode };
