import { type Link, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { endedWith, SpanKind, tracer } from '@shipping/messaging';
import type { RecordedEvent } from '@shipping/event-store';

/**
 * Handles a page of events in a span that continues the trace of the request that appended the
 * first of them (its `traceparent` metadata) and links the others' (decision 61).
 */
export function inTraceOf(name: string, events: RecordedEvent[], handle: () => Promise<void>): Promise<void> {
  const parents = events.map((event) => propagation.extract(ROOT_CONTEXT, event.metadata));
  const links: Link[] = parents.slice(1).flatMap((parent) => {
    const linked = trace.getSpanContext(parent);
    return linked ? [{ context: linked }] : [];
  });
  return tracer().startActiveSpan(
    `subscription ${name}`,
    { kind: SpanKind.CONSUMER, links, attributes: { 'shipping.events': events.length } },
    parents[0] ?? ROOT_CONTEXT,
    (span) => endedWith(span, handle()),
  );
}
