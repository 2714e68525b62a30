/**
 * Values built into the source or the compose files for the sandbox and local try-outs (with
 * SANDBOX_LABEL_URL_SECRET in label-urls.ts). They are public, so they protect nothing: production
 * mode refuses every one of them (production-checks.ts).
 */

/** The key webhook secrets are sealed with when WEBHOOK_SECRET_KEYS is unset. */
export const SANDBOX_WEBHOOK_SECRET_KEYS = 'sandbox:c2FuZGJveC13ZWJob29rLXNlY3JldC1rZXktMzJieXQ';

/** The key secrets in message payloads are sealed with when MESSAGE_SECRET_KEYS is unset (distributed runtime). */
export const SANDBOX_MESSAGE_SECRET_KEYS = 'sandbox:c2FuZGJveC1tZXNzYWdlLXNlY3JldC1rZXktMzJieXQ';

/** The key carrier credentials are sealed with at rest when CARRIER_CREDENTIAL_KEYS is unset (label app). */
export const SANDBOX_CARRIER_CREDENTIAL_KEYS = 'sandbox:c2FuZGJveC1jYXJyaWVyLWNyZWRlbnRpYWwta2V5MzI=';

/** The Ed25519 seed audit checkpoints are signed with when AUDIT_SIGNING_KEYS is unset. */
export const SANDBOX_AUDIT_SIGNING_KEYS = 'sandbox:c2FuZGJveC1hdWRpdC1zaWduaW5nLWtleS0zMmJ5dGU=';

/** The admin API's key the embedded runtime uses when ADMIN_API_KEY is unset (README). */
export const SANDBOX_ADMIN_API_KEY = 'sk_admin_sandbox_embedded';

/** The PostgreSQL and Kafka passwords docker-compose.yml used to default to. */
export const COMPOSE_DEFAULT_PASSWORDS: readonly string[] = ['shipping'];

/** Every value of `.env.example` that must be replaced holds this. */
export const PLACEHOLDER = 'change-me';

/** A password nobody chose: empty, a former compose default, or `.env.example`'s placeholder. */
export function isDefaultPassword(password: string | undefined): boolean {
  return (
    password === undefined ||
    password === '' ||
    COMPOSE_DEFAULT_PASSWORDS.includes(password) ||
    password.includes(PLACEHOLDER)
  );
}

const keyOf = (entry: string) => Buffer.from(entry.slice(entry.indexOf(':') + 1).trim(), 'base64');

/** Whether a list of `<id>:<base64 key>` entries holds a sandbox key, by its bytes and whatever its id. */
function holdsKeyOf(sandboxKeys: string, keys: string): boolean {
  const sandbox = keyOf(sandboxKeys);
  return keys.split(',').some((entry) => keyOf(entry).equals(sandbox));
}

/** Whether a WEBHOOK_SECRET_KEYS value holds the sandbox key, by its bytes and whatever its id. */
export const holdsSandboxWebhookKey = (keys: string) => holdsKeyOf(SANDBOX_WEBHOOK_SECRET_KEYS, keys);

/** Whether a MESSAGE_SECRET_KEYS value holds the sandbox key, by its bytes and whatever its id. */
export const holdsSandboxMessageKey = (keys: string) => holdsKeyOf(SANDBOX_MESSAGE_SECRET_KEYS, keys);

/** Whether a CARRIER_CREDENTIAL_KEYS value holds the sandbox key, by its bytes and whatever its id. */
export const holdsSandboxCarrierCredentialKey = (keys: string) =>
  holdsKeyOf(SANDBOX_CARRIER_CREDENTIAL_KEYS, keys);

/** Whether an AUDIT_SIGNING_KEYS value holds the sandbox key, by its bytes and whatever its id. */
export const holdsSandboxAuditKey = (keys: string) => holdsKeyOf(SANDBOX_AUDIT_SIGNING_KEYS, keys);
