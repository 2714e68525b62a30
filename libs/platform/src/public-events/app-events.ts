import type { EventUpcaster } from '@shipping/event-store';
import type { PublishedCategory } from './published-categories';

/**
 * What an app registers of the events it stores: how to read their older versions, and which of
 * them it publishes for other teams. The platform knows no event type but those registered.
 */
export interface AppEvents {
  upcasters: readonly EventUpcaster[];
  published: readonly PublishedCategory[];
}

export const NO_APP_EVENTS: AppEvents = { upcasters: [], published: [] };

/** The events of apps that run in one process on one store (the embedded runtime). */
export function eventsOfApps(apps: readonly AppEvents[]): AppEvents {
  return {
    upcasters: apps.flatMap((app) => app.upcasters),
    published: apps.flatMap((app) => app.published),
  };
}
