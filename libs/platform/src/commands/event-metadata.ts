import type { RequestContext } from '@shipping/contracts';
import type { EventMetadata } from '@shipping/event-store';

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
