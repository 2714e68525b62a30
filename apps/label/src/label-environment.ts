import { type AppEnvironment, DistributedConfig, readIdempotencyTtlMs } from '@shipping/platform';
import { readCarrierGuardConfig } from './carrier/guard/carrier-guard-config';
import { readLabelConfig } from './label-config';

export const LABEL_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelConfig, readIdempotencyTtlMs, readCarrierGuardConfig],
} satisfies AppEnvironment;
