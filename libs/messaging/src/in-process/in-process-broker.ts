import type { WritePacket } from '@nestjs/microservices';
import { Injectable, Logger } from '@nestjs/common';
import { stackOf } from '../errors/stack-of';

/**
 * Takes a reply packet as JSON text; a server may hand over `decoded` too, exactly what decoding
 * the text gives (frozen), so the receiver need not parse it again.
 */
export type Reply = (packet: string, decoded?: WritePacket) => void;

/** Serves one request: JSON text in, JSON reply packets out until one is marked disposed. */
export type Responder = (message: string, reply: Reply) => void;

/** Handles one event given as JSON text. */
export type Subscriber = (message: string) => Promise<void>;

/** A request was sent to a pattern no running server handles (a Kafka request would time out). */
export class NoHandlerError extends Error {
  constructor(readonly pattern: string) {
    super(`No message handler is registered for pattern "${pattern}".`);
    this.name = 'NoHandlerError';
  }
}

interface Subscription {
  readonly handle: Subscriber;
  active: boolean;
  /** Settles when every event handed to this subscriber so far has been handled. */
  tail: Promise<void>;
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The in-memory bus of one process: the embedded runtime creates one and hands it to both the
 * server (handlers) and the client (gateway, event emitters). Patterns are normalised routes.
 */
@Injectable()
export class InProcessBroker {
  private readonly logger = new Logger(InProcessBroker.name);
  private readonly responders = new Map<string, Responder>();
  private readonly subscriptions = new Map<string, Set<Subscription>>();

  /** One handler per request pattern: two would make the reply depend on registration order. */
  respond(pattern: string, responder: Responder): () => void {
    if (this.responders.has(pattern)) {
      throw new Error(`A message handler for pattern "${pattern}" is already registered.`);
    }
    this.responders.set(pattern, responder);
    return () => {
      if (this.responders.get(pattern) === responder) {
        this.responders.delete(pattern);
      }
    };
  }

  /**
   * Every subscriber of a pattern receives every event, like one consumer group per server.
   * Unsubscribing drops the events still queued and resolves once the one in hand is handled.
   */
  subscribe(pattern: string, handle: Subscriber): () => Promise<void> {
    const subscription: Subscription = { handle, active: true, tail: Promise.resolve() };
    const subscriptions = this.subscriptions.get(pattern) ?? new Set<Subscription>();
    subscriptions.add(subscription);
    this.subscriptions.set(pattern, subscriptions);
    return () => {
      subscription.active = false;
      subscriptions.delete(subscription);
      if (subscriptions.size === 0 && this.subscriptions.get(pattern) === subscriptions) {
        this.subscriptions.delete(pattern);
      }
      return subscription.tail;
    };
  }

  /**
   * Fails at once when no handler is registered. An accepted request is served on a later turn of
   * the event loop, never on the sender's stack, and is still answered if its server closes meanwhile.
   */
  request(pattern: string, message: string, reply: Reply): void {
    const responder = this.responders.get(pattern);
    if (!responder) {
      throw new NoHandlerError(pattern);
    }
    setImmediate(() => responder(message, reply));
  }

  /**
   * Fire and forget: the emitter never waits for a handler, and a failing handler reaches neither
   * the emitter nor other subscribers. Each subscriber handles a pattern's events one at a time in
   * publish order, as a consumer reads one Kafka partition. An event nobody subscribes to is
   * dropped, as on a topic nobody consumes. At most once: nothing is redelivered after a failure.
   */
  publish(pattern: string, message: string): void {
    for (const subscription of this.subscriptions.get(pattern) ?? []) {
      subscription.tail = subscription.tail
        .then(nextTurn)
        .then(() => (subscription.active ? subscription.handle(message) : undefined))
        .catch((error: unknown) =>
          this.logger.error(`An event handler for pattern "${pattern}" failed.`, stackOf(error)),
        );
    }
  }
}
