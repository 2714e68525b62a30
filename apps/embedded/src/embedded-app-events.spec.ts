import { BATCH_APP_EVENTS } from '@shipping/batch-app';
import { Upcasters } from '@shipping/event-store';
import { ORDER_APP_EVENTS } from '@shipping/order-app';
import { ORDER_EVENT_TYPES } from '@shipping/order-domain';
import { PICKUP_APP_EVENTS } from '@shipping/pickup-app';
import type { AppEvents } from '@shipping/platform/public-events';
import { EMBEDDED_APP_EVENTS } from './embedded-app-events';

const prefixes = (events: AppEvents) => events.published.map((category) => category.streamPrefix);

describe('the events each app registers', () => {
  it('publish the streams the app owns; ledgers, accounts and API keys stay internal', () => {
    expect(prefixes(ORDER_APP_EVENTS)).toEqual(['order-', 'shipment-']);
    expect(prefixes(PICKUP_APP_EVENTS)).toEqual(['pickup-']);
    expect(prefixes(BATCH_APP_EVENTS)).toEqual(['batch-']);
    expect(prefixes(EMBEDDED_APP_EVENTS)).toEqual(['order-', 'shipment-', 'pickup-', 'batch-']);
    for (const internal of ['ledger-', 'account-', 'api-keys-'])
      expect(prefixes(EMBEDDED_APP_EVENTS)).not.toContain(internal);
  });

  it('are all read by the embedded runtime, whose one store holds every app’s streams', () => {
    const embedded = new Upcasters(EMBEDDED_APP_EVENTS.upcasters);
    expect(embedded.latestVersion('PickupOrderScheduled')).toBe(3);
    expect(ORDER_EVENT_TYPES.map((type) => embedded.latestVersion(type))).toEqual(
      ORDER_EVENT_TYPES.map(() => 2),
    );
    expect(EMBEDDED_APP_EVENTS.upcasters).toEqual([
      ...ORDER_APP_EVENTS.upcasters,
      ...PICKUP_APP_EVENTS.upcasters,
      ...BATCH_APP_EVENTS.upcasters,
    ]);
  });
});
