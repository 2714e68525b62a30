import { type AppEnvironment, DistributedConfig, readMessageSecrets } from '@shipping/platform';
import { readWebhookConfig } from './webhook-config';

export const WEBHOOK_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readWebhookConfig, readMessageSecrets],
} satisfies AppEnvironment;
