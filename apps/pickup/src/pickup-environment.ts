import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';
import { readCarrierPickupTimeoutMs } from './pickups/carrier-pickup-timeout';
import { readPickupRecoveryTimings } from './pickups/pickup-recovery-timings';

export const PICKUP_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [
    readIdempotencyTtlMs,
    readClaimLeaseMs,
    readAuditConfig,
    readCarrierPickupTimeoutMs,
    readPickupRecoveryTimings,
  ],
} satisfies AppEnvironment;
