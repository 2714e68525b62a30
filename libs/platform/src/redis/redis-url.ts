export const REDIS_URL_FORM =
  'redis://[[username]:password@]host[:port][/database], or rediss://... for TLS, with no query string';

/** A Redis URL ioredis takes as it is: redis or rediss, a host, an optional database number, no options. */
export function parseRedisUrl(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const usable =
    (url.protocol === 'redis:' || url.protocol === 'rediss:') &&
    url.hostname !== '' &&
    /^(\/\d{0,5})?$/.test(url.pathname) &&
    url.search === '' &&
    url.hash === '';
  return usable ? raw : undefined;
}

export const REDIS_KEY_PREFIX_FORM =
  '1 to 64 characters of A-Z, a-z, 0-9 and :._- (no braces: Redis Cluster reads them as a hash tag)';

export function parseRedisKeyPrefix(raw: string): string | undefined {
  return /^[A-Za-z0-9:._-]{1,64}$/.test(raw) ? raw : undefined;
}
