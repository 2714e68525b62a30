import {
  createShippingClient,
  type FieldErrors,
  ShippingApiError,
  type ShippingClient,
  type ShippingClientOptions,
} from '@shipping/client';
import { conformanceMiddleware } from './conformance/conformance-middleware';

/**
 * The typed client as an e2e spec uses it: no retries and no Idempotency-Key of its own (specs
 * say when they want either), and every exchange checked against the served document.
 */
export function testClient(
  baseUrl: string,
  apiKey?: string,
  options: Partial<ShippingClientOptions> = {},
): ShippingClient {
  const client = createShippingClient({
    baseUrl,
    apiKey,
    retry: { retries: 0 },
    idempotencyKeys: false,
    ...options,
  });
  client.use(conformanceMiddleware(baseUrl));
  return client;
}

/** The field map of a 422 the typed client got (empty for any other answer). */
export const fieldErrorsOf = (result: { error?: unknown; response: Response }): FieldErrors =>
  ShippingApiError.fromAnswer(result.response, result.error).fields;
