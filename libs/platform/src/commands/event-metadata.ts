import type { RequestContext } from '@shipping/contracts';
import type { EventMetadata, RecordedEvent } from '@shipping/event-store';

/** What of a request the events it causes carry. */
export type MetadataSource = Pick<RequestContext, 'accountId' | 'correlationId' | 'actor'>;

/**
 * The metadata of the events a command appends: the request's id as correlation id, what caused
 * them (the request itself, or the event a process manager reacts to: `causedBy`), the account, and
 * the admin key behind the request when there is one. The event store adds the trace context.
 */
export function eventMetadata(
  source: MetadataSource,
  causedBy: string = source.correlationId,
): EventMetadata {
  return {
    correlationId: source.correlationId,
    causationId: causedBy,
    accountId: source.accountId,
    ...(source.actor === undefined ? {} : { actor: source.actor }),
  };
}

/**
 * The context of the requests a process sends on reacting to `event`: the account named by what it
 * reacts to, and the correlation id of the request that caused the event (the event's own id for an
 * event recorded without one), so the whole chain of work shares one id.
 */
export function requestContextOf(
  event: Pick<RecordedEvent, 'id' | 'metadata'>,
  accountId: string,
): Pick<RequestContext, 'accountId' | 'correlationId'> {
  return { accountId, correlationId: String(event.metadata.correlationId ?? event.id) };
}
