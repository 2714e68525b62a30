import { SecretBox, type SecretKey } from '@shipping/platform/secrets';

export { SecretBox, type SecretKey, UnknownSecretKey } from '@shipping/platform/secrets';

/** Signing secrets at rest: sealed under WEBHOOK_SECRET_KEYS; those stored before sealing read as they are. */
export const webhookSecretBox = (keys: readonly SecretKey[]) =>
  new SecretBox(keys, {
    keysName: 'WEBHOOK_SECRET_KEYS',
    secretName: 'a webhook secret',
    acceptsUnsealed: true,
  });

/** The context a secret is sealed in: its endpoint. */
export const endpointContext = (endpointId: number | string) => `webhook_endpoints:${endpointId}`;
