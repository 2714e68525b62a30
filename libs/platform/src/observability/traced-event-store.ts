import { context, isSpanContextValid, propagation, trace } from '@opentelemetry/api';
import { type EventData, type EventStore, UpcastingEventStore } from '@shipping/event-store';

/**
 * The event store with the W3C trace context of the request that appends an event written into
 * its metadata (`traceparent`), so the subscriptions that handle it later, in this process or
 * another, continue that trace. Nothing is written while tracing is off.
 */
export class TracedEventStore extends UpcastingEventStore {
  override appendToStream(...[streamName, events, options]: Parameters<EventStore['appendToStream']>) {
    return super.appendToStream(streamName, withTraceContext(events), options);
  }
}

function withTraceContext(events: EventData[]): EventData[] {
  const active = context.active();
  const span = trace.getSpanContext(active);
  if (!span || !isSpanContextValid(span)) return events;
  const carrier: Record<string, string> = {};
  propagation.inject(active, carrier);
  return events.map((event) => ({ ...event, metadata: { ...event.metadata, ...carrier } }));
}
