import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { publicBaseUrl, readLabelUrlConfig } from '@shipping/platform/label-urls';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';

/**
 * Completed-item webhooks carry signed label links on PUBLIC_BASE_URL.
 * Commands are remembered by Idempotency-Key as long as the gateway remembers it.
 */
export const BATCH_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelUrlConfig, publicBaseUrl, readIdempotencyTtlMs, readClaimLeaseMs, readAuditConfig],
} satisfies AppEnvironment;
