import type { Middleware } from 'openapi-fetch';
import { checkExchange } from './conformance-check';

const parsed = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
};

/**
 * An openapi-fetch middleware that hands every exchange of the client to `checkExchange`, as
 * `apiClient` does: the request as sent (its body read from a copy) and the answer as received.
 */
export function conformanceMiddleware(baseUrl: string): Middleware {
  const bodies = new Map<string, unknown>();
  return {
    async onRequest({ request, id }) {
      if (request.body) bodies.set(id, parsed(await request.clone().text()));
    },
    async onResponse({ request, response, id }) {
      const body = bodies.get(id);
      bodies.delete(id);
      const text = await response.clone().text();
      await checkExchange(baseUrl, {
        method: request.method,
        url: request.url.startsWith(baseUrl)
          ? request.url.slice(baseUrl.length)
          : new URL(request.url).pathname,
        headers: Object.fromEntries(request.headers),
        body,
        status: response.status,
        contentType: response.headers.get('content-type'),
        responseBody: response.headers.get('content-type')?.includes('json') ? parsed(text) : undefined,
      });
    },
  };
}
