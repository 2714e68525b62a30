/** The public API on the dashboard's own origin, through the typed client, with the signed-in API key. */
import { createShippingClient, type ShippingClient, ShippingApiError, unwrap } from '@shipping/client';

export { ShippingApiError as ApiError, unwrap };

/** A client of the key: answers are never taken from the browser's cache, as pages poll them. */
export function apiClient(apiKey: string): ShippingClient {
  return createShippingClient({
    baseUrl: location.origin,
    apiKey,
    fetch: (request) => fetch(request, { cache: 'no-store' }),
  });
}
