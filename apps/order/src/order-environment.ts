import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { publicBaseUrl, readLabelUrlConfig } from '@shipping/platform/label-urls';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';
import { readInstantShipTiming } from './instant-ship/instant-ship-timing';

/**
 * Shipped-parcel webhooks carry signed label links on PUBLIC_BASE_URL.
 * Commands are remembered by Idempotency-Key as long as the gateway remembers it.
 * Instant ship's label deadline and lease: INSTANT_SHIP_LABEL_TIMEOUT_MS, INSTANT_SHIP_LEASE_MS.
 */
export const ORDER_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [readLabelUrlConfig, publicBaseUrl, readIdempotencyTtlMs, readAuditConfig, readInstantShipTiming],
} satisfies AppEnvironment;
