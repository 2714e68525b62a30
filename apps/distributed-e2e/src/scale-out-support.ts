import type { ShippingClient } from '@shipping/client';
import { type AppProcess, testClient } from '@shipping/testing';

/**
 * A client that sends each call to the next gateway in turn, as a load balancer would: each
 * method of the typed client is taken from the next gateway's client.
 */
export function roundRobin(gatewayUrls: string[], apiKey: string): ShippingClient {
  const clients = gatewayUrls.map((url) => testClient(url, apiKey));
  let next = 0;
  return new Proxy(clients[0], {
    get: (_, method: keyof ShippingClient) => clients[next++ % clients.length][method],
  });
}

/**
 * The sum of a metric's samples (every label set, or those with `labels`) in one process's
 * /metrics: what that instance did. Zero when the process reports none.
 */
export async function metricOf(
  app: AppProcess,
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  const text = await (await fetch(app.metricsUrl())).text();
  let sum = 0;
  for (const line of text.split('\n')) {
    const match = /^([a-z_:]+)(\{[^}]*\})? ([0-9.e+-]+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const set = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => set.includes(`${key}="${value}"`)))
      sum += Number(match[3]);
  }
  return sum;
}

/**
 * Registers a webhook endpoint as a client does: while the instances' consumer groups still
 * settle after the start a request may answer 503, and the client asks again with the same
 * Idempotency-Key (never a second endpoint).
 */
export async function registerWebhook(client: ShippingClient, url: string, key: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await client.POST('/webhooks', { body: { url }, headers: { 'Idempotency-Key': key } });
    if (answer.response.status !== 503 || Date.now() > deadline) return answer;
    await new Promise((done) => setTimeout(done, 1_000));
  }
}
