import { createHmac } from 'node:crypto';

const SECRET_PREFIX = 'whsec_';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the endpoint's secret as shown (`whsec_…`). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/**
 * Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the bytes
 * the secret's part after `whsec_` stands for in base64 (the specification's reading of a secret).
 */
export function standardSignature(
  secret: string,
  webhookId: string,
  unixSeconds: number,
  body: string,
): string {
  const key = Buffer.from(
    secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret,
    'base64',
  );
  return `v1,${createHmac('sha256', key).update(`${webhookId}.${unixSeconds}.${body}`).digest('base64')}`;
}

/**
 * Both schemes share one header name (HTTP names are case-insensitive): the value is the existing
 * signature, then `, ` and the Standard Webhooks one. A parser of `t=…,v1=…` reads its first two
 * comma-separated parts; a Standard Webhooks library splits on spaces and skips what is not `v1,…`.
 */
export function signatureHeaders(
  secret: string,
  webhookId: string,
  unixSeconds: number,
  body: string,
): Record<string, string> {
  return {
    'Webhook-Id': webhookId,
    'Webhook-Timestamp': String(unixSeconds),
    'Webhook-Signature': `${signatureHeader(secret, body, unixSeconds)}, ${standardSignature(secret, webhookId, unixSeconds, body)}`,
  };
}
