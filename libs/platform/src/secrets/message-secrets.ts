import type { Provider } from '@nestjs/common';
import type { Env } from '../config/app-environment';
import { SANDBOX_MESSAGE_SECRET_KEYS } from '../config/sandbox-defaults';
import { SecretBox } from './secret-box';
import { readSecretKeys } from './secret-keys';

/** The SecretBox of secrets that travel in message payloads (a new webhook endpoint's signing secret). */
export const MESSAGE_SECRETS = Symbol('MESSAGE_SECRETS');

/**
 * MESSAGE_SECRET_KEYS: `<id>:<32 bytes in base64>` entries, the first sealing; the same value in
 * every app that seals or opens such a secret. Unset: the sandbox key, which production mode refuses.
 */
export function readMessageSecrets(env: Env = process.env): SecretBox {
  const text = env['MESSAGE_SECRET_KEYS']?.trim() || SANDBOX_MESSAGE_SECRET_KEYS;
  return new SecretBox(readSecretKeys('MESSAGE_SECRET_KEYS', text), {
    keysName: 'MESSAGE_SECRET_KEYS',
    secretName: 'a secret in a message',
  });
}

export const messageSecretsProvider: Provider = {
  provide: MESSAGE_SECRETS,
  useFactory: () => readMessageSecrets(process.env),
};
