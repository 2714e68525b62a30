import { type AppEnvironment, DistributedConfig, readIdempotencyTtlMs } from '@shipping/platform';
import { readLabelConfig } from './label-config';

export const LABEL_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelConfig, readIdempotencyTtlMs],
} satisfies AppEnvironment;
