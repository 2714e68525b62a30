import { createHmac } from 'node:crypto';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed with the endpoint's secret as shown (`whsec_…`). */
export function signatureHeader(secret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}
