import { readAuditConfig } from '@shipping/platform/audit';
import { type AppEnvironment, type Env, readIfValid, requireBeyond } from '@shipping/platform/config';
import { DistributedConfig } from '@shipping/platform/distributed';
import { readClaimLeaseMs } from '@shipping/platform/idempotency';
import { publicBaseUrl, readLabelUrlConfig } from '@shipping/platform/label-urls';
import { readIdempotencyTtlMs } from '@shipping/platform/retention';
import { readInstantShipTiming } from './instant-ship/instant-ship-timing';

/** How much longer than the label deadline an instant ship's claim must hold: the rest of the attempt. */
export const CLAIM_MARGIN_OVER_LABEL_MS = 10_000;

/**
 * An instant ship holds its Idempotency-Key claim while it waits for the label: a claim that lapsed
 * sooner would let a retry run the command beside it. Each variable's own value is checked by its reader.
 */
export function claimOutlastsLabelDeadline(env: Env): void {
  const leaseMs = readIfValid(readClaimLeaseMs, env);
  const labelTimeoutMs = readIfValid(readInstantShipTiming, env)?.labelTimeoutMs;
  if (leaseMs === undefined || labelTimeoutMs === undefined) return;
  requireBeyond(
    { name: 'IDEMPOTENCY_CLAIM_LEASE_MS', ms: leaseMs },
    { name: 'INSTANT_SHIP_LABEL_TIMEOUT_MS', ms: labelTimeoutMs },
    CLAIM_MARGIN_OVER_LABEL_MS,
    'as an instant ship holds its claim while it waits for the label',
  );
}

/**
 * Shipped-parcel webhooks carry signed label links on PUBLIC_BASE_URL.
 * Commands are remembered by Idempotency-Key as long as the gateway remembers it.
 * Instant ship's label deadline and lease: INSTANT_SHIP_LABEL_TIMEOUT_MS, INSTANT_SHIP_LEASE_MS.
 */
export const ORDER_ENVIRONMENT = {
  config: DistributedConfig,
  readers: [
    readLabelUrlConfig,
    publicBaseUrl,
    readIdempotencyTtlMs,
    readClaimLeaseMs,
    readAuditConfig,
    readInstantShipTiming,
    claimOutlastsLabelDeadline,
  ],
} satisfies AppEnvironment;
