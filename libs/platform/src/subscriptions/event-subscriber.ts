import type { RecordedEvent, Subscription } from '@shipping/event-store';
import type { DomainEvent } from '../commands/handle-command';

/** A stored event whose type and data are one member of the union `E`, narrowed by its `type`. */
export type Recorded<E extends DomainEvent> = E extends DomainEvent
  ? Omit<RecordedEvent, 'type' | 'data'> & E
  : never;

/**
 * What a projection or process manager follows: its name (the key of its checkpoint or consumer
 * group, stable across releases), the stream categories it reads, and the type guard of their
 * event union. Events of those streams the guard refuses are passed over.
 *
 * By default each event is handled by one instance of the app, whichever owns its stream's
 * partition (`one-instance`): the work is shared. An `every-instance` subscriber keeps something
 * in each process's memory up to date (a cache to drop entries from): every instance gets every
 * event appended after it started, and none of the history.
 */
export interface SubscriberSpec<E extends DomainEvent> {
  name: string;
  streamPrefixes: readonly string[];
  accepts(event: { type: string }): event is E;
  scope?: 'one-instance' | 'every-instance';
}

/**
 * A projection or process manager: `handle` gets each event of its streams the guard accepts, in
 * stream order, at least once (after a crash or a rebalance an event can come again, even after
 * later ones of its stream), so it must be idempotent.
 */
export interface EventSubscriber<E extends DomainEvent = DomainEvent> {
  handle(event: Recorded<E>): Promise<void>;
}

/** Where subscribers get their events from: the store itself, or Kafka partitions (see docs/architecture.md). */
export interface EventFeed {
  start<E extends DomainEvent>(
    spec: SubscriberSpec<E>,
    subscriber: EventSubscriber<E>,
  ): Promise<Subscription>;
}

const SPEC = Symbol('shipping:subscriber-spec');

type SubscriberClass<E extends DomainEvent> = abstract new (...args: never[]) => EventSubscriber<E>;

/**
 * Declares a provider as an event subscriber; the app's `EventSubscribersHost` starts it on the
 * runtime's feed once every module is initialised (so schemas made in `onModuleInit` are there),
 * and stops it before the store closes. The class's `handle` must take the guard's union.
 */
export function Subscribes<E extends DomainEvent>(spec: SubscriberSpec<E>) {
  return <C extends SubscriberClass<E>>(target: C): C => {
    Reflect.defineMetadata(SPEC, spec, target);
    return target;
  };
}

/** The spec a `@Subscribes` class declared, or undefined for any other object. */
export function subscriberSpecOf(instance: unknown): SubscriberSpec<DomainEvent> | undefined {
  if (typeof instance !== 'object' || instance === null) return undefined;
  return Reflect.getMetadata(SPEC, instance.constructor) as SubscriberSpec<DomainEvent> | undefined;
}

/** Starts one `@Subscribes` instance on `feed` (what the host does; specs call it directly). */
export function startSubscriber(feed: EventFeed, subscriber: EventSubscriber<never>): Promise<Subscription> {
  const spec = subscriberSpecOf(subscriber);
  if (!spec) throw new Error(`${subscriber.constructor.name} is not declared with @Subscribes`);
  return feed.start(spec, subscriber as EventSubscriber<DomainEvent>);
}

/** Whether the event belongs to the spec's streams and union. */
export function isFor<E extends DomainEvent>(
  spec: SubscriberSpec<E>,
  event: RecordedEvent,
): event is RecordedEvent & Recorded<E> {
  return spec.streamPrefixes.some((prefix) => event.streamName.startsWith(prefix)) && spec.accepts(event);
}
