import { deleteRedisKeys, redisKeysUnder, TEST_REDIS_URL, uniqueRedisPrefix } from '@shipping/testing';
import { Redis } from 'ioredis';
import request from 'supertest';
import { apiKeyDigest } from './auth/api-key-directory';
import type { GatewayHttpConfig } from './gateway-http-config';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS, TINY } from './testing/http-test-app';

/**
 * Two gateways as a load balancer sees them: each request goes to one or the other. Started one
 * after the other: PGlite starting in the same process would hold up the other's Redis connection.
 */
/** Two gateways start one after the other: each gets a start's time. */
const TWO_STARTS_MS = 2 * STARTUP_TIMEOUT_MS;

async function twoGateways(config: Partial<GatewayHttpConfig>): Promise<HttpTestApp[]> {
  const first = await createHttpTestApp(config);
  return [first, await createHttpTestApp(config)];
}

const limits = { rateLimitPerMinute: 4, unauthenticatedRateLimitPerMinute: 3 };

describe('rate limits counted in Redis, shared by every gateway (REDIS_URL)', () => {
  const redisKeyPrefix = uniqueRedisPrefix('shared-rate-limit');
  let gateways: HttpTestApp[] = [];
  const http = (gateway: number) => request(gateways[gateway].app.getHttpServer());

  let redis: Redis;

  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    gateways = await twoGateways({ ...limits, redisUrl: TEST_REDIS_URL, redisKeyPrefix });
  }, TWO_STARTS_MS);
  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.close()));
    redis?.disconnect();
    await deleteRedisKeys(redisKeyPrefix);
  });

  it('lets 4 requests a minute through across both gateways, then answers 429 on either', async () => {
    const remaining: string[] = [];
    for (const gateway of [0, 1, 0, 1]) {
      const response = await http(gateway).get('/whoami').set(ACME).expect(200);
      expect(response.headers['x-ratelimit-limit']).toBe('4');
      remaining.push(response.headers['x-ratelimit-remaining']);
    }
    expect(remaining).toEqual(['3', '2', '1', '0']);

    for (const gateway of [0, 1]) {
      const refused = await http(gateway).get('/whoami').set(ACME).expect(429);
      expect(refused.body).toEqual({ success: false, message: 'Too many requests.' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
  });

  it('blocks the key on both gateways for the block duration, not counting the refused requests', async () => {
    const budget = `${redisKeyPrefix}rate-limit:{default:default:key:${apiKeyDigest('sk_test_tiny').toString('hex', 0, 16)}}`;
    for (const gateway of [1, 0, 1, 0]) await http(gateway).get('/whoami').set(TINY).expect(200);
    const refusedAt = Date.now();
    await http(1).get('/whoami').set(TINY).expect(429);

    const blockedUntil = Number(await redis.hget(`${budget}:state`, 'blocked_until'));
    expect(blockedUntil).toBeGreaterThan(refusedAt + 55_000);
    for (const gateway of [0, 1, 0]) {
      const refused = await http(gateway).get('/whoami').set(TINY).expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(55);
    }
    expect(await redis.llen(`${budget}:hits`)).toBe(5);
    expect(Number(await redis.hget(`${budget}:state`, 'blocked_until'))).toBe(blockedUntil);
  });

  it('limits requests without a key per client address across both gateways', async () => {
    for (const gateway of [0, 1, 0]) await http(gateway).get('/health').expect(200);
    const refused = await http(1).get('/health').expect(429);
    expect(refused.body).toEqual({ success: false, message: 'Too many requests.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await http(0).post('/orders').set('Content-Type', 'application/json').send('{"x').expect(429);
  });

  it('keeps every key under the prefix', async () => {
    const keys = await redisKeysUnder(redisKeyPrefix);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(key).toMatch(/^test:shared-rate-limit:[^:]+:rate-limit:\{/);
  });
});

describe('rate limits without REDIS_URL: each gateway process counts its own', () => {
  let gateways: HttpTestApp[] = [];
  const http = (gateway: number) => request(gateways[gateway].app.getHttpServer());

  beforeAll(async () => {
    gateways = await twoGateways(limits);
  }, TWO_STARTS_MS);
  afterAll(() => Promise.all(gateways.map((gateway) => gateway.close())));

  it('lets 4 requests a minute through on each gateway: 8 together', async () => {
    for (const gateway of [0, 1, 0, 1, 0, 1, 0, 1]) await http(gateway).get('/whoami').set(ACME).expect(200);
    await http(0).get('/whoami').set(ACME).expect(429);
    await http(1).get('/whoami').set(ACME).expect(429);
  });
});
