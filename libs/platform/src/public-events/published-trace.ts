import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import type { RecordedEvent } from '@shipping/event-store';
import { injectTraceContext, SpanKind, tracer } from '@shipping/messaging';

/**
 * The W3C `traceparent` (and `tracestate`) headers of a public event: those of a producer span the
 * relay opens as a child of the trace its metadata recorded (the request that appended it), or of
 * the relay's own span for an event recorded without one. A consumer of another team that extracts
 * them continues our trace. Nothing while tracing is off.
 */
export function publishedTraceHeaders(topic: string, event: RecordedEvent): Record<string, string> {
  const recorded = propagation.extract(ROOT_CONTEXT, event.metadata);
  const parent = trace.getSpanContext(recorded) ? recorded : context.active();
  const span = tracer().startSpan(
    `create ${topic}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'create',
        'messaging.destination.name': topic,
        'messaging.message.id': event.id,
      },
    },
    parent,
  );
  const headers: Record<string, string> = {};
  injectTraceContext(headers, trace.setSpan(parent, span));
  span.end();
  return headers;
}
