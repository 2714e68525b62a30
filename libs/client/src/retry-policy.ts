/** When and how long the client waits before asking again. */
export interface RetryOptions {
  /** Retries after the first attempt; 0 turns retrying off. */
  retries: number;
  /** The wait when the answer gives no Retry-After, doubled each retry. */
  baseDelayMs: number;
  /** A longer Retry-After is not waited for: the answer is returned as it is. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { retries: 3, baseDelayMs: 250, maxDelayMs: 30_000 };

/** The answers that say "ask again later". */
const RETRIED_STATUSES = new Set([429, 503]);

/** Methods a repeat cannot do twice; they are retried only under an Idempotency-Key. */
const UNSAFE_METHODS = new Set(['POST', 'PATCH']);

export function mayRetry(method: string, headers: Headers): boolean {
  return !UNSAFE_METHODS.has(method.toUpperCase()) || headers.has('idempotency-key');
}

/** Retry-After in seconds or as an HTTP date, in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(date - now, 0);
}

/** How long to wait before retry number `retry` (0-based) of this answer, or undefined to stop. */
export function retryDelayMs(
  response: Pick<Response, 'status' | 'headers'>,
  retry: number,
  options: RetryOptions,
  now = Date.now(),
): number | undefined {
  if (!RETRIED_STATUSES.has(response.status) || retry >= options.retries) return undefined;
  const delay = retryAfterMs(response.headers.get('retry-after'), now) ?? options.baseDelayMs * 2 ** retry;
  return delay > options.maxDelayMs ? undefined : delay;
}
