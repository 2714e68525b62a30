import { examplePaymentAuthorization } from './usps-fixtures';
import { UspsMockServer } from './usps-mock-server';

const CLIENT = { client_id: 'mock-client', client_secret: 'mock-secret' };

export type Json = Record<string, unknown>;

export interface MockAnswer {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * The USPS mock as its specs talk to it: started for one client, with an OAuth token and a
 * payment authorization taken as a shipper's integration takes them.
 */
export interface UspsMockSession {
  mock: UspsMockServer;
  client: typeof CLIENT;
  /** The payment authorization token label requests carry. */
  paymentToken: string;
  /** A JSON request under the session's bearer token, `headers` overriding its own. */
  send(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<MockAnswer>;
  /** A label bought at `path` with the session's payment authorization. */
  buyLabel(path: string, body: unknown, headers?: Record<string, string>): Promise<MockAnswer>;
}

export async function startUspsMockSession(): Promise<UspsMockSession> {
  const mock = await UspsMockServer.start({ clients: [CLIENT] });
  let token = '';
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${mock.url}${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  try {
    const tokenAnswer = await fetch(`${mock.url}/oauth2/v3/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...CLIENT, grant_type: 'client_credentials' }),
    });
    token = ((await tokenAnswer.json()) as { access_token: string }).access_token;
    const payment = await send('POST', '/payments/v3/payment-authorization', examplePaymentAuthorization());
    const paymentToken = (JSON.parse(payment.text) as { paymentAuthorizationToken: string })
      .paymentAuthorizationToken;
    const buyLabel = (path: string, body: unknown, headers: Record<string, string> = {}) =>
      send('POST', path, body, { 'X-Payment-Authorization-Token': paymentToken, ...headers });
    return { mock, client: CLIENT, paymentToken, send, buyLabel };
  } catch (error) {
    await mock.stop();
    throw error;
  }
}

/** A copy of `body` without the field at `path` (dots and numeric indexes), or with it set to `value`. */
export function edited(body: Json, path: string, value?: unknown): Json {
  const copy = structuredClone(body);
  const keys = path.split('.');
  const parent = keys.slice(0, -1).reduce<Json>((node, key) => node[key] as Json, copy);
  if (value === undefined) delete parent[keys[keys.length - 1]];
  else parent[keys[keys.length - 1]] = value;
  return copy;
}
