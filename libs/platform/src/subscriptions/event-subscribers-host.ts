import { Inject, Injectable, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { DiscoveryService } from '@nestjs/core';
import type { Subscription } from '@shipping/event-store';
import { type EventFeed, type EventSubscriber, startSubscriber, subscriberSpecOf } from './event-subscriber';

export const EVENT_FEED = Symbol('EVENT_FEED');

/**
 * Starts every `@Subscribes` provider of the application on the runtime's feed once every module
 * is initialised, and stops them before the store closes: the one place projections and process
 * managers are wired, whichever feed runs.
 */
@Injectable()
export class EventSubscribersHost implements OnApplicationBootstrap, OnModuleDestroy {
  private running: Subscription[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(EVENT_FEED) private readonly feed: EventFeed,
  ) {}

  /** Every `@Subscribes` provider instance, once each. */
  subscribers(): EventSubscriber<never>[] {
    const instances = new Set<unknown>();
    for (const wrapper of this.discovery.getProviders()) {
      if (wrapper.isDependencyTreeStatic() && subscriberSpecOf(wrapper.instance))
        instances.add(wrapper.instance);
    }
    return [...instances] as EventSubscriber<never>[];
  }

  /** The stream categories some subscriber of this process follows. */
  streamPrefixes(): string[] {
    return [
      ...new Set(
        this.subscribers().flatMap((subscriber) => subscriberSpecOf(subscriber)?.streamPrefixes ?? []),
      ),
    ];
  }

  async onApplicationBootstrap(): Promise<void> {
    this.running = await Promise.all(
      this.subscribers().map((subscriber) => startSubscriber(this.feed, subscriber)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    const running = this.running;
    this.running = [];
    await Promise.all(running.map((subscription) => subscription.stop()));
  }
}
