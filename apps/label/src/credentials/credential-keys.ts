import { type Env, SANDBOX_CARRIER_CREDENTIAL_KEYS } from '@shipping/platform/config';
import { readSecretKeys, SecretBox, type SecretKey } from '@shipping/platform/secrets';

/** The SecretBox carrier credentials are sealed with at rest. */
export const CARRIER_CREDENTIAL_BOX = Symbol('CARRIER_CREDENTIAL_BOX');

/**
 * CARRIER_CREDENTIAL_KEYS: `<id>:<32 bytes in base64>` entries, newest first; the first seals,
 * every one opens what it sealed. Unset: the sandbox key, which production mode refuses.
 */
export function readCarrierCredentialKeys(env: Env = process.env): SecretKey[] {
  const text = env['CARRIER_CREDENTIAL_KEYS']?.trim() || SANDBOX_CARRIER_CREDENTIAL_KEYS;
  return readSecretKeys('CARRIER_CREDENTIAL_KEYS', text);
}

export const carrierCredentialBox = (keys: readonly SecretKey[]) =>
  new SecretBox(keys, { keysName: 'CARRIER_CREDENTIAL_KEYS', secretName: "a shipper's carrier credentials" });

/** What a stored record is bound to: copied to another shipper's row, it does not open. */
export const storedCredentialsContext = (accountId: string, shipperId: number) =>
  `carrier_credentials:${accountId}:${shipperId}`;
