import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';

export const PICKUP_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readIdempotencyTtlMs, readClaimLeaseMs, readAuditConfig],
} satisfies AppEnvironment;
