import type { SqlClient } from '@shipping/event-store';
import { createPgSqlClient } from '@shipping/event-store/postgres';
import {
  createTestDatabase,
  deleteRedisKeys,
  TEST_REDIS_URL,
  type TestDatabase,
  uniqueRedisPrefix,
} from '@shipping/testing';
import { randomBytes } from 'node:crypto';
import request from 'supertest';
import {
  ACME,
  createHttpTestApp,
  type HttpTestApp,
  STARTUP_TIMEOUT_MS,
  TINY,
} from '../testing/http-test-app';

const LIMIT = 3;

/** The client's queries as they are, with a count of the key lookups among them. */
function countingKeyLookups(sql: SqlClient): { sql: SqlClient; lookups: () => number } {
  let lookups = 0;
  const counted: SqlClient = {
    query: (text, params) => {
      if (/from gateway_api_keys\s+where digest/.test(text)) lookups++;
      return sql.query(text, params);
    },
    exec: (text) => sql.exec(text),
    transaction: (work) => sql.transaction(work),
    session: (work) => sql.session(work),
    close: () => sql.close(),
  };
  return { sql: counted, lookups: () => lookups };
}

const unknownKey = () => ({ Authorization: `Bearer sk_live_${randomBytes(32).toString('base64url')}` });

/**
 * Two gateways behind a proxy that sets X-Forwarded-For, on one PostgreSQL database and one Redis:
 * the limit on requests without a valid key, and what it costs the database.
 */
describe('the limit on requests without a valid key, on PostgreSQL and Redis', () => {
  let database: TestDatabase;
  const redisKeyPrefix = uniqueRedisPrefix('unauthenticated-limit');
  const gateways: { app: HttpTestApp; lookups: () => number }[] = [];
  const http = (gateway: number) => request(gateways[gateway].app.app.getHttpServer());
  const lookups = () => gateways.reduce((sum, gateway) => sum + gateway.lookups(), 0);

  beforeAll(async () => {
    database = await createTestDatabase('unauthenticated_limit');
    for (let instance = 0; instance < 2; instance++) {
      const counting = countingKeyLookups(createPgSqlClient(database.url, { max: 4 }));
      const app = await createHttpTestApp(
        {
          rateLimitPerMinute: 0,
          unauthenticatedRateLimitPerMinute: LIMIT,
          trustProxy: 'loopback',
          redisUrl: TEST_REDIS_URL,
          redisKeyPrefix,
        },
        undefined,
        counting.sql,
      );
      gateways.push({ app, lookups: counting.lookups });
    }
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await Promise.all(gateways.map((gateway) => gateway.app.close()));
    await deleteRedisKeys(redisKeyPrefix);
    await database?.drop();
  });

  it('answers a blocked address 429 without looking its keys up: fresh unknown keys cost no query', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.7' };
    for (const gateway of [0, 1, 0])
      await http(gateway).get('/whoami').set(from).set(unknownKey()).expect(401);
    const before = lookups();

    for (let attempt = 0; attempt < 20; attempt++) {
      const refused = await http(attempt % 2)
        .get('/whoami')
        .set(from)
        .set(unknownKey())
        .expect(429);
      expect(refused.body).toEqual({ success: false, message: 'Too many requests.' });
    }
    expect(lookups()).toBe(before);
    expect(before).toBe(LIMIT);
  });

  it('looks an unknown key up once: the same key again is refused from memory', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.8' };
    const key = unknownKey();
    const before = lookups();
    await http(0).get('/whoami').set(from).set(key).expect(401);
    await http(0).get('/whoami').set(from).set(key).expect(401);
    expect(lookups()).toBe(before + 1);
  });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const address = (host: number) => ({ 'X-Forwarded-For': `2001:db8:7:9::${host.toString(16)}` });
    for (const host of [1, 2, 3])
      await http(host % 2)
        .get('/health')
        .set(address(host))
        .expect(200);
    await http(0).get('/health').set(address(0xbeef)).expect(429);
    await http(1).get('/health').set({ 'X-Forwarded-For': '2001:db8:7:a::1' }).expect(200);
  });

  it('lets a key a gateway found before through a spent address; one it never found waits for the budget', async () => {
    const from = { 'X-Forwarded-For': '198.51.100.9' };
    await http(0).get('/whoami').set(from).set(ACME).expect(200);
    for (let attempt = 0; attempt < LIMIT; attempt++) await http(0).get('/health').set(from).expect(200);
    await http(0).get('/health').set(from).expect(429);

    await http(0).get('/whoami').set(from).set(ACME).expect(200);
    await http(0).get('/whoami').set(from).set(TINY).expect(429);
  });
});
