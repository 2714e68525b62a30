import { type AppEnvironment, DistributedConfig } from '@shipping/platform';
import { readLabelConfig } from './label-config';

export const LABEL_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelConfig],
} satisfies AppEnvironment;
