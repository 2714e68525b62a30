import {
  type AppEnvironment,
  DistributedConfig,
  publicBaseUrl,
  readLabelUrlConfig,
} from '@shipping/platform';

/** Shipped-parcel webhooks carry signed label links on PUBLIC_BASE_URL. */
export const ORDER_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelUrlConfig, publicBaseUrl],
} satisfies AppEnvironment;
