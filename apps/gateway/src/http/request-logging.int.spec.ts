import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from './testing/http-test-app';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  accountId?: string;
  responseTime?: number;
  req?: { id: string; method: string; url: string; headers: Record<string, string> };
  res?: { statusCode: number };
  err?: { message: string; stack: string };
}

describe('request logging', () => {
  let harness: HttpTestApp;
  const lines: LogLine[] = [];
  const http = () => request(harness.app.getHttpServer());

  beforeAll(async () => {
    const destination = { write: (chunk: string) => void lines.push(JSON.parse(chunk)) };
    harness = await createHttpTestApp({ logLevel: 'info' }, destination);
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => harness?.close());

  /** The completion line is written when the response finishes, which may trail the client. */
  async function completionLine(requestId: string): Promise<LogLine> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const line = lines.find((candidate) => candidate.req?.id === requestId && candidate.res);
      if (line) return line;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`No log line for request ${requestId}`);
  }

  it('writes one line per request with method, url, status, duration, request id and account', async () => {
    await http().get('/items/3?x=1').set(ACME).set('X-Request-Id', 'log-1').expect(200);
    const line = await completionLine('log-1');

    expect(line).toMatchObject({
      level: 30,
      msg: 'request completed',
      reqId: 'log-1',
      accountId: 'acct_acme',
      req: { id: 'log-1', method: 'GET', url: '/items/3?x=1' },
      res: { statusCode: 200 },
    });
    expect(typeof line.responseTime).toBe('number');
    expect(lines.filter((candidate) => candidate.req?.id === 'log-1')).toHaveLength(1);
  });

  it('redacts the Authorization and Idempotency-Key headers', async () => {
    await http()
      .post('/actions')
      .set(ACME)
      .set('Idempotency-Key', 'secret-key-1')
      .set('X-Request-Id', 'log-2');
    const line = await completionLine('log-2');

    expect(line.req?.headers.authorization).toBe('[redacted]');
    expect(line.req?.headers['idempotency-key']).toBe('[redacted]');
    expect(JSON.stringify(lines)).not.toMatch(/sk_test_acme|secret-key-1/);
  });

  it('redacts the signature of a label link, keeping its path and expiry', async () => {
    const signature = 'a1'.repeat(32);
    await http()
      .get(`/labels/batch/b1/labels-1.pdf?expires=1900000000&signature=${signature}`)
      .set('X-Request-Id', 'log-5');
    const line = await completionLine('log-5');

    expect(line.req?.url).toBe('/labels/batch/b1/labels-1.pdf?expires=1900000000&signature=[redacted]');
    expect(JSON.stringify(lines)).not.toContain(signature);
  });

  it('logs a request refused before authentication, without an account', async () => {
    await http().get('/whoami').set('X-Request-Id', 'log-3').expect(401);
    const line = await completionLine('log-3');
    expect(line).toMatchObject({ res: { statusCode: 401 } });
    expect(line.accountId).toBeUndefined();
  });

  it('logs an unexpected error at error level with its stack, which the body never shows', async () => {
    const response = await http().post('/crash').set(ACME).set('X-Request-Id', 'log-4').expect(500);
    const line = await completionLine('log-4');

    expect(line.level).toBe(50);
    expect(line.err?.message).toBe('connection to db.internal:5432 refused');
    expect(line.err?.stack).toContain('TestController.crash');
    expect(response.text).not.toContain('db.internal');
  });
});
