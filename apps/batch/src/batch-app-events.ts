import { BATCH_EVENT_TYPES, BATCH_EVENT_UPCASTERS, BATCH_STREAM_PREFIX } from '@shipping/batch-domain';
import type { AppEvents } from '@shipping/platform/public-events';

/**
 * Batches are published; `ledger-<account>` streams stay internal: an account's balance is the
 * billing team's concern, and what other teams need of it (a price, a refund) is already on the
 * batch and shipment events.
 */
export const BATCH_APP_EVENTS: AppEvents = {
  upcasters: BATCH_EVENT_UPCASTERS,
  published: [
    {
      context: 'batch',
      streamPrefix: BATCH_STREAM_PREFIX,
      types: BATCH_EVENT_TYPES,
      key: {
        description:
          'The batch id (the hash id of the API); item and label-file events are keyed by their batch.',
        example: 'b_9xK2mQ',
      },
      declaredIn: { file: 'libs/batch-domain/src/batches/batch-events.ts', union: 'BatchEvent' },
    },
  ],
};
