import type { CarrierRegistration } from './carrier-registry';

/**
 * The carrier adapters beside the sandbox, one registration per carrier and integration kind.
 * A carrier's adapter is added here (with its reference data in carriers.json); none is
 * registered by default, so the sandbox sells every label.
 */
export function carrierRegistrations(
  _env: Record<string, string | undefined> = process.env,
): CarrierRegistration[] {
  return [];
}
