import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from './testing/http-test-app';

describe('traffic without a valid API key', () => {
  describe('limited to 3 a minute per client address', () => {
    let harness: HttpTestApp;
    const http = () => request(harness.app.getHttpServer());

    beforeAll(async () => {
      harness = await createHttpTestApp({ unauthenticatedRateLimitPerMinute: 3 });
      // The key has been used here before its address spends its budget.
      await http().get('/whoami').set(ACME).expect(200);
    }, STARTUP_TIMEOUT_MS);
    afterAll(() => harness?.close());

    it('is answered 401 without its body being read, and its 401s count: the fourth gets 429 with Retry-After', async () => {
      const malformed = '{"not json';
      for (let i = 0; i < 2; i++) {
        const refused = await http()
          .post('/orders')
          .set('Authorization', 'Bearer sk_test_nobody')
          .set('Content-Type', 'application/json')
          .send(malformed)
          .expect(401);
        expect(refused.body).toEqual({ success: false, message: 'Unauthenticated.' });
      }
      await http().post('/orders').set('Content-Type', 'application/json').send(malformed).expect(401);

      const big = JSON.stringify({ filler: 'x'.repeat(3 * 1024 * 1024) });
      const limited = await http()
        .post('/orders')
        .set('Content-Type', 'application/json')
        .send(big)
        .expect(429);
      expect(limited.body).toEqual({ success: false, message: 'Too many requests.' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('leaves requests with a key this gateway found before to their own budget', async () => {
      await http().post('/orders').set(ACME).send({ n: 1 }).expect(201);
      await http().post('/orders').set(ACME).set('Content-Type', 'application/json').send('{"x').expect(400);
    });
  });

  describe('behind a TLS load balancer (TRUST_PROXY=loopback)', () => {
    let behind: HttpTestApp;
    let direct: HttpTestApp;

    beforeAll(async () => {
      [behind, direct] = await Promise.all([
        createHttpTestApp({ unauthenticatedRateLimitPerMinute: 2, trustProxy: 'loopback' }),
        createHttpTestApp({ unauthenticatedRateLimitPerMinute: 2 }),
      ]);
    }, STARTUP_TIMEOUT_MS);
    afterAll(async () => {
      await behind?.close();
      await direct?.close();
    });

    const viaProxy = (app: HttpTestApp, client: string) =>
      request(app.app.getHttpServer())
        .get('/link')
        .set('X-Forwarded-For', client)
        .set('X-Forwarded-Proto', 'https')
        .set('Host', 'api.example.com');

    it('signs label links on https and sees each client address, with a budget each', async () => {
      const first = await viaProxy(behind, '203.0.113.7').expect(200);
      expect(first.body.data).toEqual({
        url: expect.stringMatching(
          /^https:\/\/api\.example\.com\/labels\/batch\/b1\/labels-1\.pdf\?expires=/,
        ),
        ip: '203.0.113.7',
      });
      await viaProxy(behind, '203.0.113.7').expect(200);
      await viaProxy(behind, '203.0.113.7').expect(429);
      await viaProxy(behind, '198.51.100.9').expect(200);
    });

    it('ignores the forwarded headers when no proxy is trusted (the default)', async () => {
      const first = await viaProxy(direct, '203.0.113.7').expect(200);
      expect(first.body.data.url).toMatch(/^http:\/\/api\.example\.com\//);
      expect(first.body.data.ip).not.toBe('203.0.113.7');
      await viaProxy(direct, '198.51.100.9').expect(200);
      await viaProxy(direct, '192.0.2.1').expect(429);
    });
  });
});
