import { createHash, timingSafeEqual } from 'node:crypto';
import type { AuthenticatedAccount } from '../gateway-request';
import { type ApiKeyEntry, readSandboxApiKeysSwitch, SANDBOX_API_KEYS } from './sandbox-api-keys';

/** Finds the account of the API key with this digest (apiKeyDigest); undefined for an unknown key. */
export abstract class ApiKeyDirectory {
  abstract findAccount(digest: Buffer): Promise<AuthenticatedAccount | undefined>;
}

/**
 * A fixed table of keys. Keys are compared as SHA-256 digests with timingSafeEqual, and every
 * entry is compared, so neither the position of a match nor a key's length shows in the timing.
 */
export class StaticApiKeyDirectory extends ApiKeyDirectory {
  private readonly entries: { digest: Buffer; account: AuthenticatedAccount }[];

  constructor(entries: readonly ApiKeyEntry[]) {
    super();
    this.entries = entries.map(({ apiKey, accountId, name }) => ({
      digest: apiKeyDigest(apiKey),
      account: { accountId, name },
    }));
  }

  async findAccount(presented: Buffer): Promise<AuthenticatedAccount | undefined> {
    let found: AuthenticatedAccount | undefined;
    for (const entry of this.entries) {
      if (timingSafeEqual(entry.digest, presented)) found = entry.account;
    }
    return found;
  }
}

/** The sandbox keys, unless SANDBOX_API_KEYS=false: then no key opens an account. */
export function sandboxApiKeyDirectory(
  env: Record<string, string | undefined> = process.env,
): ApiKeyDirectory {
  return new StaticApiKeyDirectory(readSandboxApiKeysSwitch(env) ? SANDBOX_API_KEYS : []);
}

/** SHA-256 of the key: how the directory compares keys, and the source of the rate-limit fingerprint. */
export function apiKeyDigest(apiKey: string): Buffer {
  return createHash('sha256').update(apiKey, 'utf8').digest();
}
