import { randomBytes } from 'node:crypto';
import { DEFAULT_GATEWAY_HTTP_CONFIG, readGatewayHttpConfig } from './gateway-http-config';

describe('readGatewayHttpConfig', () => {
  it('uses the defaults for an empty environment', () => {
    expect(readGatewayHttpConfig({})).toEqual({
      bodyLimit: '4mb',
      maxBodyDepth: 32,
      logLevel: 'info',
      rateLimitPerMinute: 6000,
      unauthenticatedRateLimitPerMinute: 1200,
      idempotencyTtlHours: 24,
      trustProxy: false,
      redisKeyPrefix: 'shipping:',
    });
  });

  it('treats blank values as unset', () => {
    expect(readGatewayHttpConfig({ BODY_LIMIT: ' ', LOG_LEVEL: '' })).toEqual(DEFAULT_GATEWAY_HTTP_CONFIG);
  });

  it('reads every variable', () => {
    expect(
      readGatewayHttpConfig({
        BODY_LIMIT: '512KB',
        MAX_BODY_DEPTH: '10',
        LOG_LEVEL: 'silent',
        RATE_LIMIT_PER_MINUTE: '0',
        IDEMPOTENCY_TTL_HOURS: '0.5',
        UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE: '30',
        TRUST_PROXY: '10.0.0.0/8, loopback',
        REDIS_URL: 'rediss://:s3cret@redis.internal:6380/2',
        REDIS_KEY_PREFIX: 'shipping-staging:',
      }),
    ).toEqual({
      bodyLimit: '512kb',
      maxBodyDepth: 10,
      logLevel: 'silent',
      rateLimitPerMinute: 0,
      unauthenticatedRateLimitPerMinute: 30,
      idempotencyTtlHours: 0.5,
      trustProxy: '10.0.0.0/8,loopback',
      redisUrl: 'rediss://:s3cret@redis.internal:6380/2',
      redisKeyPrefix: 'shipping-staging:',
    });
    expect(readGatewayHttpConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(readGatewayHttpConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it.each([
    'redis://redis:6379',
    'redis://:p%40ss@10.0.0.5',
    'redis://app:pw@[::1]:6379/0',
    'rediss://cache.example.com/',
  ])('accepts REDIS_URL=%s', (url) => {
    expect(readGatewayHttpConfig({ REDIS_URL: url }).redisUrl).toBe(url);
  });

  it.each([
    'http://:Sup3rSecret@redis:6379',
    'redis://:Sup3rSecret@',
    'redis://:Sup3rSecret@redis:99999',
    'redis://:Sup3rSecret@redis/cache',
    'redis://:Sup3rSecret@redis?enableOfflineQueue=true',
    'Sup3rSecret@redis:6379',
  ])('refuses REDIS_URL=%s naming the variable, without printing the value', (url) => {
    expect(() => readGatewayHttpConfig({ REDIS_URL: url })).toThrow(
      /^Invalid environment variable REDIS_URL \(value not shown: it may hold a password\): expected redis:\/\/\S+ or rediss:/,
    );
    expect(() => readGatewayHttpConfig({ REDIS_URL: url })).not.toThrow(/Sup3rSecret/);
  });

  it.each([
    ['openssl rand -base64 32', randomBytes(32).toString('base64')],
    ['openssl rand -hex 32', randomBytes(32).toString('hex')],
    ['base64url', randomBytes(32).toString('base64url')],
    ['one = of padding', randomBytes(16).toString('base64').replace(/==$/, 'A=')],
  ])('accepts an ADMIN_API_KEY as %s prints it', (_form, key) => {
    expect(readGatewayHttpConfig({ ADMIN_API_KEY: key }).adminApiKey).toBe(key);
  });

  it.each([
    ['a space', 'Sup3rSecretAdmin Key0123'],
    ['= inside', 'Sup3rSecret=AdminKey0123'],
    ['too short', 'Sup3rSecret'],
    ['three =', 'Sup3rSecretAdminKey0123==='],
  ])('refuses an ADMIN_API_KEY with %s naming the variable, without printing the value', (_why, key) => {
    expect(() => readGatewayHttpConfig({ ADMIN_API_KEY: key })).toThrow(
      /^Invalid environment variable ADMIN_API_KEY \(value not shown: it is a secret\): expected 16 to 256 characters/,
    );
    expect(() => readGatewayHttpConfig({ ADMIN_API_KEY: key })).not.toThrow(/Sup3rSecret/);
  });

  it('accepts a body limit in bytes', () => {
    expect(readGatewayHttpConfig({ BODY_LIMIT: '1000' }).bodyLimit).toBe('1000');
  });

  it.each([
    ['BODY_LIMIT', 'lots'],
    ['BODY_LIMIT', '0mb'],
    ['BODY_LIMIT', '-1kb'],
    ['MAX_BODY_DEPTH', '0'],
    ['MAX_BODY_DEPTH', '3.5'],
    ['MAX_BODY_DEPTH', 'deep'],
    ['LOG_LEVEL', 'verbose'],
    ['RATE_LIMIT_PER_MINUTE', '-1'],
    ['RATE_LIMIT_PER_MINUTE', '1e3'],
    ['IDEMPOTENCY_TTL_HOURS', '0'],
    ['IDEMPOTENCY_TTL_HOURS', 'a day'],
    ['UNAUTHENTICATED_RATE_LIMIT_PER_MINUTE', 'many'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', 'my-load-balancer'],
    ['TRUST_PROXY', '10.0.0.0/99'],
    ['REDIS_KEY_PREFIX', 'shipping {a}:'],
    ['REDIS_KEY_PREFIX', 'x'.repeat(65)],
  ])('refuses %s=%s with an error naming the variable', (name, value) => {
    expect(() => readGatewayHttpConfig({ [name]: value })).toThrow(
      new RegExp(`^Invalid environment variable ${name}=${JSON.stringify(value)}: expected `),
    );
  });
});
