import { type AppEnvironment, DistributedConfig, readIdempotencyTtlMs } from '@shipping/platform';

export const PICKUP_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readIdempotencyTtlMs],
} satisfies AppEnvironment;
