import {
  type AppEnvironment,
  DistributedConfig,
  publicBaseUrl,
  readLabelUrlConfig,
} from '@shipping/platform';

/** Completed-item webhooks carry signed label links on PUBLIC_BASE_URL. */
export const BATCH_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelUrlConfig, publicBaseUrl],
} satisfies AppEnvironment;
