import { type AppEnvironment, DistributedConfig, readIdempotencyTtlMs } from '@shipping/platform';
import { readWebhookConfig } from './webhook-config';

export const WEBHOOK_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readWebhookConfig, readIdempotencyTtlMs],
} satisfies AppEnvironment;
