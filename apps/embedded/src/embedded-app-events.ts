import { BATCH_APP_EVENTS } from '@shipping/batch-app';
import { ORDER_APP_EVENTS } from '@shipping/order-app';
import { PICKUP_APP_EVENTS } from '@shipping/pickup-app';
import { eventsOfApps } from '@shipping/platform/public-events';

/** The events of every app that keeps streams, on the one store the embedded runtime shares. */
export const EMBEDDED_APP_EVENTS = eventsOfApps([ORDER_APP_EVENTS, PICKUP_APP_EVENTS, BATCH_APP_EVENTS]);
