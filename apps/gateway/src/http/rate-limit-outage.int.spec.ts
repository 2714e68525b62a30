import {
  freePort,
  type PrivateRedisServer,
  redisKeysUnder,
  startPrivateRedisServer,
} from '@shipping/testing';
import request from 'supertest';
import { IN_PROCESS_MESSAGE, SHARED_MESSAGE } from './rate-limit/fallback-throttler-storage';
import { ACME, createHttpTestApp, STARTUP_TIMEOUT_MS } from './testing/http-test-app';

const limits = { rateLimitPerMinute: 3, unauthenticatedRateLimitPerMinute: 3, trustProxy: 'loopback' };

/** A gateway whose log lines are kept, with a request from a client address of the spec's choice. */
async function loggedGateway(redisUrl: string) {
  const lines: { msg: string; reason?: string }[] = [];
  const destination = { write: (chunk: string) => void lines.push(JSON.parse(chunk)) };
  const harness = await createHttpTestApp(
    { ...limits, logLevel: 'info', redisUrl, redisKeyPrefix: 'outage:' },
    destination,
  );
  return {
    harness,
    logged: (message: string) => lines.filter((line) => line.msg === message),
    from: (client: string) =>
      request(harness.app.getHttpServer()).get('/health').set('X-Forwarded-For', client),
    /** The gauge `shipping_rate_limit_shared` on GET /metrics. */
    shared: async () =>
      /^shipping_rate_limit_shared (\d)$/m.exec(
        (await request(harness.app.getHttpServer()).get('/metrics')).text,
      )?.[1],
  };
}

/** Sends the request until it is answered 200: the wait for a reconnection, bounded by the spec's timeout. */
async function until200(send: () => request.Test): Promise<void> {
  while ((await send()).status !== 200) await new Promise((resume) => setTimeout(resume, 100));
}

describe('a shared rate limit whose Redis stops answering', () => {
  let server: PrivateRedisServer;
  let gateway: Awaited<ReturnType<typeof loggedGateway>>;
  const http = () => request(gateway.harness.app.getHttpServer());

  beforeAll(async () => {
    server = await startPrivateRedisServer();
    gateway = await loggedGateway(server.url);
  }, STARTUP_TIMEOUT_MS);
  afterAll(async () => {
    await gateway?.harness.close();
    await server?.stop();
  });

  it('counts in Redis while it answers', async () => {
    await gateway.from('203.0.113.1').expect(200);
    await http().get('/whoami').set(ACME).expect(200);
    expect((await redisKeysUnder('outage:rate-limit:', server.url)).length).toBeGreaterThan(0);
    expect(gateway.logged(SHARED_MESSAGE)).toHaveLength(1);
    expect(await gateway.shared()).toBe('1');
  });

  it('stopped: answers every request, still limiting each client in this process, and logs it once', async () => {
    await server.stop();
    for (let i = 0; i < 3; i++) await gateway.from('203.0.113.2').expect(200);
    for (let i = 0; i < 10; i++) {
      const refused = await gateway.from('203.0.113.2').expect(429);
      expect(refused.body).toEqual({ success: false, message: 'Too many requests.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    await http().get('/whoami').set(ACME).expect(200);
    expect(gateway.logged(IN_PROCESS_MESSAGE)).toHaveLength(1);
    expect(await gateway.shared()).toBe('0');
  });

  it('back: counts in Redis again, where the client blocked in this process starts afresh', async () => {
    await server.restart();
    await until200(() => gateway.from('203.0.113.2'));
    expect(
      await redisKeysUnder('outage:rate-limit:{unauthenticated:address:203.0.113.2}', server.url),
    ).toEqual(expect.arrayContaining([expect.stringMatching(/:hits$/)]));
    expect(gateway.logged(SHARED_MESSAGE)).toHaveLength(2);
    expect(gateway.logged(IN_PROCESS_MESSAGE)).toHaveLength(1);
    expect(await gateway.shared()).toBe('1');
  });

  it('hung (SIGSTOP): answers after the command timeout, limiting in this process, and recovers once it answers', async () => {
    server.pause();
    try {
      for (let i = 0; i < 3; i++) await gateway.from('203.0.113.3').expect(200);
      await gateway.from('203.0.113.3').expect(429);
      expect(gateway.logged(IN_PROCESS_MESSAGE)).toHaveLength(2);
      expect(gateway.logged(IN_PROCESS_MESSAGE)[1].reason).toMatch(/timed out/i);
    } finally {
      server.resume();
    }
    await until200(() => gateway.from('203.0.113.3'));
    expect(gateway.logged(SHARED_MESSAGE)).toHaveLength(3);
  });
});

describe('a shared rate limit whose Redis is not there at start (a closed port)', () => {
  let gateway: Awaited<ReturnType<typeof loggedGateway>>;

  beforeAll(async () => {
    gateway = await loggedGateway(`redis://127.0.0.1:${await freePort()}`);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => gateway?.harness.close());

  it('starts and answers, limiting in this process, with one log line across its reconnection attempts', async () => {
    for (let i = 0; i < 3; i++) await gateway.from('198.51.100.7').expect(200);
    for (let i = 0; i < 20; i++) {
      await gateway.from('198.51.100.7').expect(429);
      await new Promise((resume) => setTimeout(resume, 100));
    }
    expect(gateway.logged(IN_PROCESS_MESSAGE)).toHaveLength(1);
    expect(gateway.logged(SHARED_MESSAGE)).toHaveLength(0);
    expect(await gateway.shared()).toBe('0');
  });
});
