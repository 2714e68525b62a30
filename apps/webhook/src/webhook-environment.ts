import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';
import { readMessageSecrets } from '@shipping/platform/secrets';
import { readWebhookConfig } from './webhook-config';

export const WEBHOOK_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readWebhookConfig, readMessageSecrets, readIdempotencyTtlMs, readClaimLeaseMs, readAuditConfig],
} satisfies AppEnvironment;
