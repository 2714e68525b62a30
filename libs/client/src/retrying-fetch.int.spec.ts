import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShippingClient, ShippingApiError, unwrap } from './index';

interface Seen {
  method: string;
  key?: string;
  version?: string;
  body: string;
  at: number;
}

type Answer = { status: number; headers?: Record<string, string>; body: unknown };

/** A tiny HTTP server that answers each request with the next answer of a script. */
async function scriptedServer() {
  const seen: Seen[] = [];
  let script: Answer[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        key: request.headers['idempotency-key'] as string | undefined,
        version: request.headers['shipping-version'] as string | undefined,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const answer = script.shift() ?? { status: 500, body: { success: false, message: 'Script ended.' } };
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    play(answers: Answer[]) {
      script = answers;
      seen.length = 0;
    },
    close: () => new Promise((closed) => server.close(closed)),
  };
}

const account = { success: true, data: { name: 'Acme', balance: '10.00', units: 'USD', mode: 'test' } };
const busy = (headers: Record<string, string>) => ({
  status: 429,
  headers,
  body: { success: false, message: 'Too many requests.' },
});

describe('the client against 429 and 503 sequences', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;

  beforeAll(async () => {
    server = await scriptedServer();
  });
  afterAll(() => server.close());

  it('waits Retry-After in seconds, then as an HTTP date, and returns the success', async () => {
    const inOneSecond = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString();
    server.play([
      busy({ 'retry-after': '1' }),
      { status: 503, headers: { 'retry-after': inOneSecond }, body: { success: false, message: 'Busy.' } },
      { status: 200, body: account },
    ]);
    const client = createShippingClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_acme' });
    const started = Date.now();
    const balance = unwrap(await client.GET('/account')).balance;
    expect(balance).toBe('10.00');
    expect(server.seen.map(({ method }) => method)).toEqual(['GET', 'GET', 'GET']);
    expect(server.seen[1].at - server.seen[0].at).toBeGreaterThanOrEqual(950);
    expect(server.seen[2].at).toBeGreaterThanOrEqual(Date.parse(inOneSecond) - 50);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('gives a POST an Idempotency-Key of its own and sends the same key and body on each retry', async () => {
    server.play([
      busy({ 'retry-after': '0' }),
      busy({ 'retry-after': '0' }),
      { status: 201, body: { success: true, data: { id: 7 } } },
    ]);
    const client = createShippingClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_acme' });
    const body = {
      name: 'Dock',
      street_1: '1 Main St',
      city: 'New York',
      zip: '10001',
      country: 'US',
      telephone: '2125550100',
    };
    const result = await client.POST('/addresses', { body: body as never });
    expect(result.response.status).toBe(201);
    expect(server.seen).toHaveLength(3);
    const [first] = server.seen;
    expect(first.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.seen.map(({ key, body: sent }) => ({ key, sent: JSON.parse(sent) }))).toEqual(
      Array(3).fill({ key: first.key, sent: body }),
    );
  });

  it('keeps a key the caller gave, and never retries a POST without one', async () => {
    server.play([busy({ 'retry-after': '0' }), { status: 201, body: { success: true, data: { id: 8 } } }]);
    const client = createShippingClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_acme' });
    await client.POST('/addresses', { body: {} as never, headers: { 'Idempotency-Key': 'mine-1' } });
    expect(server.seen.map(({ key }) => key)).toEqual(['mine-1', 'mine-1']);

    server.play([busy({ 'retry-after': '0' }), { status: 201, body: { success: true, data: { id: 9 } } }]);
    const keyless = createShippingClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk_test_acme',
      idempotencyKeys: false,
    });
    const refused = await keyless.POST('/addresses', { body: {} as never });
    expect(refused.response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
    expect(server.seen[0].key).toBeUndefined();
  });

  it('gives up after the retries allowed, and fails with the envelope message as a typed error', async () => {
    server.play(Array(4).fill(busy({ 'retry-after': '0' })));
    const client = createShippingClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_acme' });
    const error = await client
      .GET('/account')
      .then(unwrap)
      .catch((failure: unknown) => failure);
    expect(server.seen).toHaveLength(4);
    expect(error).toBeInstanceOf(ShippingApiError);
    expect(error).toMatchObject({ status: 429, message: 'Too many requests.', fields: {} });
  });

  it('does not wait for a Retry-After longer than allowed', async () => {
    server.play([busy({ 'retry-after': '120' })]);
    const client = createShippingClient({ baseUrl: server.baseUrl, apiKey: 'sk_test_acme' });
    const started = Date.now();
    expect((await client.GET('/account')).response.status).toBe(429);
    expect(server.seen).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('pins the version it was generated from, or the one it is told', async () => {
    server.play([
      { status: 200, body: account },
      { status: 200, body: account },
    ]);
    await createShippingClient({ baseUrl: server.baseUrl }).GET('/account');
    await createShippingClient({ baseUrl: server.baseUrl, version: '2020-01-01' }).GET('/account');
    expect(server.seen[0].version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(server.seen[1].version).toBe('2020-01-01');
  });
});
