import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  raw: string;
  body: any;
}

/** A webhook receiver on loopback that records every call and answers 204. */
export async function startWebhookReceiver(
  port = 0,
): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, raw, body: JSON.parse(raw) });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () =>
      new Promise((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** True when the `Webhook-Signature` header is the HMAC of "<t>.<raw body>" under the secret. */
export function hasValidSignature(delivery: ReceivedWebhook, secret: string): boolean {
  const [t, v1] = String(delivery.headers['webhook-signature'])
    .split(',')
    .map((part) => part.split('=')[1]);
  return createHmac('sha256', secret).update(`${t}.${delivery.raw}`).digest('hex') === v1;
}
