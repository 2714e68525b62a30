import type { Fetched } from '../usps/single-flight-cache';

/**
 * Carrier tokens (OAuth access tokens, payment authorizations) kept for every instance of the
 * label app: a token one instance fetched serves the others until it expires, and of many
 * instances wanting a token at once only one fetches it.
 */
export interface SharedTokens {
  /** The kept token of `key`, or the one `fetchToken` gets while no other instance fetches it. */
  get(key: string, fetchToken: () => Promise<Fetched<string>>): Promise<Fetched<string>>;
  /** Drops the kept token of `key` if it is still `stale` (the carrier refused it). */
  forget(key: string, stale: string): Promise<void>;
}
