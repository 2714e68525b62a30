import { BATCH_EVENT_UPCASTERS } from '@shipping/batch-domain';
import { Upcasters } from '@shipping/event-store';
import { INSTANT_SHIP_EVENT_UPCASTERS, ORDER_EVENT_UPCASTERS } from '@shipping/order-domain';
import { PICKUP_EVENT_UPCASTERS } from '@shipping/pickup-domain';

/** Every event type's upcasters, so whatever reads the store sees only the latest versions. */
export const eventUpcasters = () =>
  new Upcasters([
    ...ORDER_EVENT_UPCASTERS,
    ...PICKUP_EVENT_UPCASTERS,
    ...BATCH_EVENT_UPCASTERS,
    ...INSTANT_SHIP_EVENT_UPCASTERS,
  ]);
