import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './generated/api-schema';
import { API_VERSION } from './generated/api-version';
import { DEFAULT_RETRY, type RetryOptions } from './retry-policy';
import { retryingFetch } from './retrying-fetch';

export const API_VERSION_HEADER = 'Shipping-Version';

export interface ShippingClientOptions {
  /** The service's base URL, e.g. http://127.0.0.1:3000. */
  baseUrl: string;
  /** Sent as `Authorization: Bearer <apiKey>`. */
  apiKey?: string;
  /** The dated API version to pin; the one this client was generated from unless told. */
  version?: string;
  /** Retries of 429 and 503; `{ retries: 0 }` turns them off. */
  retry?: Partial<RetryOptions>;
  /** Give every POST an Idempotency-Key when the call names none (on unless turned off). */
  idempotencyKeys?: boolean;
  /** The fetch to send requests with (the global one unless told). */
  fetch?: (request: Request) => Promise<Response>;
  headers?: Record<string, string>;
}

export type ShippingClient = Client<paths>;

/** An openapi-fetch client of the service's API: paths, parameters, bodies and answers typed from its document. */
export function createShippingClient(options: ShippingClientOptions): ShippingClient {
  return createClient<paths>({
    baseUrl: options.baseUrl,
    headers: {
      [API_VERSION_HEADER]: options.version ?? API_VERSION,
      ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
      ...options.headers,
    },
    fetch: retryingFetch(
      { ...DEFAULT_RETRY, ...options.retry, idempotencyKeys: options.idempotencyKeys ?? true },
      options.fetch,
    ),
  });
}
