import { DEFAULT_REQUEST_TIMEOUT_MS } from '@shipping/messaging';
import { type Env, readMilliseconds } from '@shipping/platform/config';

/** How long a pickup request waits for the label app, from CARRIER_PICKUP_TIMEOUT_MS in the app's module. */
export const CARRIER_PICKUP_TIMEOUT = Symbol('CARRIER_PICKUP_TIMEOUT');

export const DEFAULT_CARRIER_PICKUP_TIMEOUT_MS = 8_000;
export const SHORTEST_CARRIER_PICKUP_TIMEOUT_MS = 1_000;

/**
 * CARRIER_PICKUP_TIMEOUT_MS (8000, at least 1000, below the transport's 10 s request deadline): the
 * gateway waits that deadline for the pickup app, which must give up on a slow carrier first, so
 * the client is answered 503 by this app and a retry with the key resumes the pickup.
 */
export function readCarrierPickupTimeoutMs(env: Env = process.env): number {
  const timeoutMs =
    readMilliseconds(env, 'CARRIER_PICKUP_TIMEOUT_MS', SHORTEST_CARRIER_PICKUP_TIMEOUT_MS) ??
    DEFAULT_CARRIER_PICKUP_TIMEOUT_MS;
  if (timeoutMs >= DEFAULT_REQUEST_TIMEOUT_MS)
    throw new Error(
      `Invalid environment variable CARRIER_PICKUP_TIMEOUT_MS=${timeoutMs}: expected less than ${DEFAULT_REQUEST_TIMEOUT_MS}, the request deadline the gateway waits for the pickup app, so a slow carrier is answered 503 by the pickup app.`,
    );
  return timeoutMs;
}
