import type { Envelope } from '@shipping/contracts';

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

/**
 * The key of a message, what crosses the wire and, for a request, how long its sender waits.
 * Without an explicit key, a request in an Envelope is keyed by its account, so one account's
 * commands stay in the order they were sent.
 */
export function splitKey(data: unknown): { key: string | null; payload: unknown; timeoutMs?: number } {
  if (data instanceof TimedRequest) {
    return { ...splitKey(data.data), timeoutMs: data.timeoutMs };
  }
  if (data instanceof KeyedMessage) {
    return { key: data.key, payload: data.payload };
  }
  const accountId = (data as Partial<Envelope<unknown>> | null)?.context?.accountId;
  return { key: typeof accountId === 'string' ? accountId : null, payload: data };
}
