import type { Env } from '@shipping/platform/config';
import type { CarrierCredentialStore } from '../credentials/carrier-credential-store';
import { OwnUspsCarriers } from '../credentials/own-usps-carriers';
import type { CarrierPort } from './carrier-port';
import type { CarrierRegistration } from './carrier-registry';
import { readCarrierGuardConfig } from './guard/carrier-guard-config';
import type { CarrierGuards } from './guard/carrier-guards';
import type { SharedTokens } from './tokens/shared-tokens';

/**
 * The carrier adapters beside the sandbox and USPS on own integrations, one registration per
 * carrier and integration kind, each called through the guard of its integration kind.
 */
export function carrierRegistrations(
  _env: Record<string, string | undefined> = process.env,
): CarrierRegistration[] {
  return [];
}

/**
 * USPS on the shipper's own integration, with its stored credentials, for live keys. A shipper
 * without them fails its items in production; elsewhere (the embedded default, development) the
 * sandbox serves it.
 */
export function ownUspsRegistration(
  credentials: CarrierCredentialStore,
  guards: CarrierGuards,
  baseUrl: string,
  sandbox: CarrierPort,
  env: Env,
  sharedTokens?: SharedTokens,
): CarrierRegistration {
  const production = env['SHIPPING_MODE']?.trim() === 'production';
  const carriers = new OwnUspsCarriers(credentials, guards, {
    baseUrl,
    // USPS_TIMEOUT_MS: how long one request to USPS may take.
    timeoutMs: readCarrierGuardConfig(env).carriers['usps']?.timeoutMs,
    ...(production ? {} : { sandbox }),
    ...(sharedTokens ? { sharedTokens } : {}),
  });
  return { carrier: 'usps', integration: 'own', adapter: (shipper) => carriers.forShipper(shipper) };
}
