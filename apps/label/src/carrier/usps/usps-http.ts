import { retryAfterSeconds, UspsFault } from './usps-faults';

export interface UspsHttpOptions {
  baseUrl: string;
  /** Per request; past it the request is aborted and a fault thrown. */
  timeoutMs: number;
  now: () => number;
}

/**
 * One request to USPS with Node's fetch, aborted past the timeout. Timeouts, connection errors, 429 and
 * 5xx are thrown as UspsFault; any other answer is returned for the caller to read. Messages name the
 * path only: never a header or a body, which carry secrets.
 */
export async function uspsFetch(
  options: UspsHttpOptions,
  path: string,
  init: RequestInit,
): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${options.baseUrl}${path}`, {
      ...init,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'TimeoutError' || name === 'AbortError')
      throw new UspsFault(`USPS did not answer ${path} within ${options.timeoutMs} ms`, 'timeout');
    const cause = causeOf(error);
    throw new UspsFault(
      `USPS could not be reached for ${path}: ${cause}`,
      'connection',
      undefined,
      undefined,
      NEVER_SENT.has(cause),
    );
  }
  if (response.status === 429) {
    await response.body?.cancel();
    throw new UspsFault(
      `USPS rate-limited ${path}`,
      'rate_limited',
      429,
      retryAfterSeconds(response.headers.get('retry-after'), options.now()),
      true,
    );
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    throw new UspsFault(
      `USPS answered ${response.status} to ${path}`,
      'server',
      response.status,
      retryAfterSeconds(response.headers.get('retry-after'), options.now()),
    );
  }
  return response;
}

/** Network errors met before a byte of the request left: the name or the connection failed. */
const NEVER_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** The network error's code (ECONNREFUSED, ...), never its message, which could quote the request. */
function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as Error).name;
}

export async function jsonOf(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}
