import { type AppEnvironment, DistributedConfig } from '@shipping/platform';

export const PICKUP_ENVIRONMENT = { config: DistributedConfig, readers: [] } satisfies AppEnvironment;
