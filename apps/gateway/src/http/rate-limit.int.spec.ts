import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS, TINY } from './testing/http-test-app';

describe('rate limiting', () => {
  describe('with a limit of 3 a minute', () => {
    let harness: HttpTestApp;
    const http = () => request(harness.app.getHttpServer());

    beforeAll(async () => {
      harness = await createHttpTestApp({ rateLimitPerMinute: 3, unauthenticatedRateLimitPerMinute: 3 });
    }, STARTUP_TIMEOUT_MS);
    afterAll(() => harness?.close());

    it('answers the request over the limit with 429 in the envelope and Retry-After', async () => {
      for (let i = 0; i < 3; i++) await http().get('/whoami').set(ACME).expect(200);
      const refused = await http().get('/whoami').set(ACME).expect(429);

      expect(refused.body).toEqual({ success: false, message: 'Too many requests.' });
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });

    it('counts every route against the same key', async () => {
      await http().post('/actions').set(ACME).expect(429);
    });

    it('keeps a budget per API key', async () => {
      for (let i = 0; i < 3; i++) await http().get('/whoami').set(TINY).expect(200);
      await http().get('/whoami').set(TINY).expect(429);
    });

    it('limits requests without a key per client address', async () => {
      for (let i = 0; i < 3; i++) await http().get('/health').expect(200);
      const refused = await http().get('/health').expect(429);
      expect(refused.headers['retry-after']).toBeDefined();
    });
  });

  describe('with the limit set to 0', () => {
    let harness: HttpTestApp;
    const http = () => request(harness.app.getHttpServer());

    beforeAll(async () => {
      harness = await createHttpTestApp({ rateLimitPerMinute: 0 });
    }, STARTUP_TIMEOUT_MS);
    afterAll(() => harness?.close());

    it('does not limit at all', async () => {
      for (let i = 0; i < 20; i++) {
        const response = await http().get('/whoami').set(ACME).expect(200);
        expect(response.headers['x-ratelimit-limit']).toBeUndefined();
      }
    });
  });
});
