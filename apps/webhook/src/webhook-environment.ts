import { type AppEnvironment, DistributedConfig } from '@shipping/platform';
import { readWebhookConfig } from './webhook-config';

export const WEBHOOK_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readWebhookConfig],
} satisfies AppEnvironment;
