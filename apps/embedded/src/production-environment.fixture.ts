import { randomBytes } from 'node:crypto';

/**
 * An embedded runtime's production environment that every production check accepts, but for what
 * a spec sets itself (ADMIN_API_KEY, REDIS_URL): a new check is met here once for every spec.
 */
export const productionEnvironment = (): Record<string, string> => ({
  SHIPPING_MODE: 'production',
  SANDBOX_API_KEYS: 'false',
  LABEL_URL_SECRET: randomBytes(32).toString('hex'),
  WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false',
  WEBHOOK_SECRET_KEYS: `k1:${randomBytes(32).toString('base64')}`,
  CARRIER_CREDENTIAL_KEYS: `c1:${randomBytes(32).toString('base64')}`,
  AUDIT_SIGNING_KEYS: `a1:${randomBytes(32).toString('base64')}`,
  MESSAGE_SECRET_KEYS: `m1:${randomBytes(32).toString('base64')}`,
});
