import {
  type AppEnvironment,
  DistributedConfig,
  readAuditConfig,
  readIdempotencyTtlMs,
  readMessageSecrets,
} from '@shipping/platform';
import { readWebhookConfig } from './webhook-config';

export const WEBHOOK_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readWebhookConfig, readMessageSecrets, readIdempotencyTtlMs, readAuditConfig],
} satisfies AppEnvironment;
