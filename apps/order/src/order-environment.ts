import {
  type AppEnvironment,
  DistributedConfig,
  publicBaseUrl,
  readAuditConfig,
  readIdempotencyTtlMs,
  readLabelUrlConfig,
} from '@shipping/platform';

/**
 * Shipped-parcel webhooks carry signed label links on PUBLIC_BASE_URL.
 * Commands are remembered by Idempotency-Key as long as the gateway remembers it.
 */
export const ORDER_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelUrlConfig, publicBaseUrl, readIdempotencyTtlMs, readAuditConfig],
} satisfies AppEnvironment;
