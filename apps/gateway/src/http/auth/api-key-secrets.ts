import { hash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIXES, type ApiKeyMode } from '@shipping/accounts-domain';

/** SHA-256 of the key: how the directory finds keys, and the source of the rate-limit fingerprint. */
export function apiKeyDigest(apiKey: string): Buffer {
  return hash('sha256', apiKey, 'buffer');
}

export interface KeyMaterial {
  /** Shown once, in the answer that creates it; never stored. */
  key: string;
  prefix: string;
  last4: string;
  digest: string;
}

/** What is kept of a key: its digest, its visible prefix and its last four characters. */
export function keyMaterial(key: string, prefix: string): KeyMaterial {
  return { key, prefix, last4: key.slice(-4), digest: apiKeyDigest(key).toString('hex') };
}

/** A new key: the mode's prefix and 32 random bytes in base64url (43 characters). */
export function generateApiKey(mode: ApiKeyMode): KeyMaterial {
  const prefix = API_KEY_PREFIXES[mode];
  return keyMaterial(`${prefix}${randomBytes(32).toString('base64url')}`, prefix);
}

/** A new key's id: shown with the key and used to revoke it; says nothing of the key. */
export const newKeyId = () => `key_${randomBytes(12).toString('base64url')}`;
