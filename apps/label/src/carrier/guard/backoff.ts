export interface BackoffSettings {
  baseMs: number;
  maxMs: number;
}

/**
 * Exponential backoff with full jitter: a wait drawn uniformly from 0 to base * 2^(retry-1),
 * capped, so instances retrying together spread out; never less than the carrier's Retry-After.
 */
export function backoffMs(
  retry: number,
  settings: BackoffSettings,
  retryAfterMs = 0,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(settings.maxMs, settings.baseMs * 2 ** (retry - 1));
  return Math.max(retryAfterMs, Math.floor(random() * ceiling));
}
