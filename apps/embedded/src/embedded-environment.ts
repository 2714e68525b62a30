import { BATCH_ENVIRONMENT } from '@shipping/batch-app';
import { GATEWAY_ENVIRONMENT } from '@shipping/gateway-app';
import { LABEL_ENVIRONMENT } from '@shipping/label-app';
import { ORDER_ENVIRONMENT } from '@shipping/order-app';
import { PICKUP_ENVIRONMENT } from '@shipping/pickup-app';
import { type AppEnvironment } from '@shipping/platform/config';
import { WEBHOOK_ENVIRONMENT } from '@shipping/webhook-app';
import { EmbeddedConfig } from './embedded-config';

/**
 * Every app's readers in one process, checked at start (production mode's refusals included).
 * MESSAGE_SECRET_KEYS among them: messages never leave the process, but the gateway keys its
 * fingerprints of Idempotency-Key requests (bodies that can hold carrier credentials) under it.
 */
export const EMBEDDED_ENVIRONMENT = {
  config: EmbeddedConfig,
  readers: [
    ...new Set(
      [
        GATEWAY_ENVIRONMENT,
        ORDER_ENVIRONMENT,
        PICKUP_ENVIRONMENT,
        BATCH_ENVIRONMENT,
        LABEL_ENVIRONMENT,
        WEBHOOK_ENVIRONMENT,
      ].flatMap((environment: AppEnvironment) => environment.readers),
    ),
  ],
} satisfies AppEnvironment;
