import {
  type AppEnvironment,
  DistributedConfig,
  readAuditConfig,
  readIdempotencyTtlMs,
} from '@shipping/platform';

export const PICKUP_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readIdempotencyTtlMs, readAuditConfig],
} satisfies AppEnvironment;
