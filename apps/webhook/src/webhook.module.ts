import { Module } from '@nestjs/common';
import { idempotentRequestsRetention } from '@shipping/platform/idempotency';
import { retentionJob } from '@shipping/platform/retention';
import { messageSecretsProvider } from '@shipping/platform/secrets';
import { DeliveryLog } from './deliveries/delivery-log';
import { deliveryRetention } from './deliveries/delivery-retention';
import { WebhookOutbox } from './deliveries/webhook-outbox';
import { DeliveryQueue } from './dispatch/delivery-queue';
import { resolveWithDns, WEBHOOK_RESOLVE } from './dispatch/target-guard';
import { WebhookDispatcher } from './dispatch/webhook-dispatcher';
import { WebhookEndpoints } from './endpoints/webhook-endpoints';
import { SecretBox, webhookSecretBox } from './secrets/secret-box';
import { SecretRewrapper } from './secrets/secret-rewrapper';
import { readWebhookConfig, WEBHOOK_CONFIG, type WebhookConfig } from './webhook-config';
import { WebhookSchema } from './webhook-schema';
import { WebhooksController } from './webhooks.controller';

/**
 * Webhook endpoints and signed, retried deliveries. `webhook.notify` stores deliveries (the
 * outbox); the dispatcher sends them. Tests override WEBHOOK_CONFIG and WEBHOOK_RESOLVE.
 */
@Module({
  controllers: [WebhooksController],
  providers: [
    { provide: WEBHOOK_CONFIG, useFactory: () => readWebhookConfig(process.env) },
    { provide: WEBHOOK_RESOLVE, useValue: resolveWithDns },
    {
      provide: SecretBox,
      inject: [WEBHOOK_CONFIG],
      useFactory: (config: WebhookConfig) => webhookSecretBox(config.secretKeys),
    },
    messageSecretsProvider,
    SecretRewrapper,
    WebhookSchema,
    WebhookEndpoints,
    DeliveryQueue,
    WebhookDispatcher,
    WebhookOutbox,
    DeliveryLog,
    retentionJob([WEBHOOK_CONFIG], (config: WebhookConfig) => [
      ...deliveryRetention(config.deliveryRetentionMs),
      idempotentRequestsRetention(),
    ]),
  ],
})
export class WebhookModule {}
