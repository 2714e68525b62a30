import type { AppMessage } from '@shipping/contracts';

/**
 * A payload sent with the key Kafka partitions it by: the aggregate id, so that one aggregate's
 * messages reach their consumer in the order they were sent. Only the payload crosses the wire.
 */
export class KeyedMessage<T = unknown> {
  constructor(
    readonly key: string,
    readonly payload: T,
  ) {}
}

export function keyed<T>(key: string, payload: T): KeyedMessage<T> {
  return new KeyedMessage(key, payload);
}

/**
 * A request with how long its sender waits for the reply (sendRequest's timeout): a transport
 * that queues requests lets its handler skip one nobody waits for any more, and only then.
 */
export class TimedRequest<T = unknown> {
  constructor(
    readonly data: T,
    readonly timeoutMs: number,
  ) {}
}

interface MessageParts {
  /** Kafka's partitioning key; null lets the producer spread messages over the partitions. */
  key: string | null;
  /** What crosses the wire. */
  payload: unknown;
  /** For a request: how long its sender waits for the reply. */
  timeoutMs?: number;
}

/**
 * A request's parts. It has a key only when its sender gave one with `keyed()`: requests need no
 * order (they run side by side; aggregates are guarded by expected revisions, commands by their
 * Idempotency-Key claims), so keyless requests spread over the instances of the app serving them.
 */
export function requestParts(data: unknown): MessageParts {
  if (data instanceof TimedRequest) {
    return { ...requestParts(data.data), timeoutMs: data.timeoutMs };
  }
  if (data instanceof KeyedMessage) {
    return { key: data.key, payload: data.payload };
  }
  return { key: null, payload: data };
}

/**
 * An event's parts. Without a key given with `keyed()`, an event in an AppMessage is keyed by its
 * account, so that one account's events reach their consumer in the order they were emitted.
 */
export function eventParts(data: unknown): MessageParts {
  const parts = requestParts(data);
  if (parts.key !== null) return parts;
  const accountId = (parts.payload as Partial<AppMessage<unknown>> | null)?.context?.accountId;
  return { ...parts, key: typeof accountId === 'string' ? accountId : null };
}
