import { mayRetry, retryDelayMs, type RetryOptions } from './retry-policy';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * A fetch that gives every POST an Idempotency-Key when the caller gave none (so a repeat is the
 * same request to the service), and asks again after a 429 or 503 when the method allows it.
 */
export function retryingFetch(
  options: RetryOptions & { idempotencyKeys: boolean },
  fetchImpl: (request: Request) => Promise<Response> = (request) => globalThis.fetch(request),
): (request: Request) => Promise<Response> {
  return async (input) => {
    let request = input;
    if (
      options.idempotencyKeys &&
      request.method === 'POST' &&
      !request.headers.has(IDEMPOTENCY_KEY_HEADER)
    ) {
      const headers = new Headers(request.headers);
      headers.set(IDEMPOTENCY_KEY_HEADER, globalThis.crypto.randomUUID());
      request = new Request(request, { headers });
    }
    const retrying = options.retries > 0 && mayRetry(request.method, request.headers);
    for (let retry = 0; ; retry++) {
      const response = await fetchImpl(retrying ? request.clone() : request);
      const delay = retrying ? retryDelayMs(response, retry, options) : undefined;
      if (delay === undefined) return response;
      await response.body?.cancel();
      await sleep(delay);
    }
  };
}
