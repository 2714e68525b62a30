import type { ErrorCode } from '@shipping/contracts';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from './testing/http-test-app';
import { THROWN_MESSAGES } from './testing/test-controller';

describe('envelope and error mapping', () => {
  let harness: HttpTestApp;
  let http: () => ReturnType<typeof request>;

  beforeAll(async () => {
    harness = await createHttpTestApp({ bodyLimit: '1mb', maxBodyDepth: 32 });
    http = () => request(harness.app.getHttpServer());
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => harness?.close());

  describe('success', () => {
    it('wraps plain data in { success: true, data }', async () => {
      const response = await http().get('/items/7').set(ACME).expect(200);
      expect(response.body).toEqual({ success: true, data: { id: 7 } });
    });

    it('adds the message given with withMessage, and answers a POST with 201', async () => {
      const response = await http().post('/orders').set(ACME).send({ weight: 2 }).expect(201);
      expect(response.body).toEqual({
        success: true,
        message: 'Order created.',
        data: { run: 1, accountId: 'acct_acme', received: { weight: 2 } },
      });
    });

    it('keeps the status a handler declares', async () => {
      const response = await http().post('/actions').set(ACME).expect(200);
      expect(response.body).toEqual({ success: true, data: { done: true } });
    });

    it('hands a body of another content type to the handler as no body', async () => {
      const response = await http()
        .post('/orders')
        .set(ACME)
        .set('Content-Type', 'text/plain')
        .send('weight=2');
      expect(response.status).toBe(201);
      expect(response.body.data.received).toBeNull();
    });

    it('answers a Content-Type that is no media type with 415 in the envelope', async () => {
      const response = await http().post('/orders').set(ACME).set('Content-Type', 'json').send('{}');
      expect(response.status).toBe(415);
      expect(response.body).toEqual({ success: false, message: 'Unsupported Media Type' });
    });

    it('does not announce the framework', async () => {
      const response = await http().get('/health').expect(200);
      expect(response.headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('AppError codes', () => {
    const cases: [ErrorCode, number][] = [
      ['bad_request', 400],
      ['unauthenticated', 401],
      ['insufficient_credit', 402],
      ['not_found', 404],
      ['conflict', 409],
      ['payload_too_large', 413],
      ['rate_limited', 429],
      ['unavailable', 503],
    ];

    it.each(cases)('%s answers %i with its message in the failure envelope', async (code, status) => {
      const response = await http().post(`/fail/${code}`).set(ACME).expect(status);
      expect(response.body).toEqual({ success: false, message: THROWN_MESSAGES[code] });
    });

    it('validation_failed answers 422 with the field map', async () => {
      const response = await http().post('/fail/validation_failed').set(ACME).expect(422);
      expect(response.body).toEqual({
        success: false,
        message: 'The given data was invalid.',
        data: { 'to_address.city': ['The city field is required.'] },
      });
    });

    it('internal answers 500 "Server error." without its own message', async () => {
      const response = await http().post('/fail/internal').set(ACME).expect(500);
      expect(response.body).toEqual({ success: false, message: 'Server error.' });
    });

    it('carries the data of an AppError', async () => {
      const response = await http().post('/rejected').set(ACME).expect(409);
      expect(response.body).toEqual({ success: false, message: 'The batch is not ready.', data: { run: 1 } });
    });
  });

  describe('unexpected errors', () => {
    it('answer 500 with no stack and no internal message', async () => {
      const response = await http().post('/crash').set(ACME).expect(500);
      expect(response.body).toEqual({ success: false, message: 'Server error.' });
      expect(response.text).not.toMatch(/db\.internal|refused|at .*\.ts|Error:/);
    });
  });

  describe('framework errors', () => {
    it('answers an unknown route with 404 "Not found." in the envelope', async () => {
      const response = await http().get('/no/such/route').set(ACME).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Not found.' });
    });

    it('answers an unknown method on a known path with 404 in the envelope', async () => {
      const response = await http().delete('/orders').set(ACME).expect(404);
      expect(response.body).toEqual({ success: false, message: 'Not found.' });
    });

    it('answers a path that decodes to no UTF-8 text: 400 where a route has a parameter, else 404', async () => {
      const parameter = await http().get('/items/%FF').set(ACME).expect(400);
      expect(parameter.body).toEqual({ success: false, message: "Failed to decode param '%FF'" });
      expect(parameter.headers['x-request-id']).toBeDefined();
      const nowhere = await http().get('/%E0%A4%A').set(ACME).expect(404);
      expect(nowhere.body).toEqual({ success: false, message: 'Not found.' });
    });

    it('routes paths whatever their case and with a trailing slash', async () => {
      const response = await http().get('/ITEMS/3/').set(ACME).expect(200);
      expect(response.body).toEqual({ success: true, data: { id: 3 } });
    });

    it('keeps the message of a framework 4xx such as a failed ParseIntPipe', async () => {
      const response = await http().get('/items/abc').set(ACME).expect(400);
      expect(response.body).toEqual({
        success: false,
        message: 'Validation failed (numeric string is expected)',
      });
    });
  });

  describe('request bodies', () => {
    it('refuses malformed JSON with 400 "Malformed JSON body."', async () => {
      const runs = harness.invocations.of('orders');
      const response = await http()
        .post('/orders')
        .set(ACME)
        .set('Content-Type', 'application/json')
        .send('{"weight": 2,')
        .expect(400);
      expect(response.body).toEqual({ success: false, message: 'Malformed JSON body.' });
      expect(harness.invocations.of('orders')).toBe(runs);
    });

    it('refuses a body over the limit with 413 naming the limit', async () => {
      const body = { padding: 'x'.repeat(1024 * 1024) };
      const response = await http().post('/orders').set(ACME).send(body).expect(413);
      expect(response.body).toEqual({
        success: false,
        message: 'The request body is larger than the limit of 1mb.',
      });
    });

    it('answers a client still sending a body over the limit with 413, not a broken pipe', async () => {
      const server = harness.app.getHttpServer() as Server;
      if (!server.listening) await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/orders`, {
        method: 'POST',
        headers: { ...ACME, 'Content-Type': 'application/json' },
        body: JSON.stringify({ padding: 'x'.repeat(5 * 1024 * 1024) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        success: false,
        message: 'The request body is larger than the limit of 1mb.',
      });
    });

    it('accepts a body nested exactly as deep as the limit', async () => {
      const response = await http().post('/orders').set(ACME).send(nestedObject(31)).expect(201);
      expect(response.body.success).toBe(true);
    });

    it('refuses a body nested one level deeper than the limit with 400', async () => {
      const response = await http().post('/orders').set(ACME).send(nestedObject(32)).expect(400);
      expect(response.body).toEqual({
        success: false,
        message: 'The request body is nested too deeply (more than 32 levels).',
      });
    });

    it('refuses 100,000 levels of nesting without a crash, and keeps answering', async () => {
      const depth = 100_000;
      const response = await http()
        .post('/orders')
        .set(ACME)
        .set('Content-Type', 'application/json')
        .send(`{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`)
        .expect(400);
      expect(response.body.message).toBe('The request body is nested too deeply (more than 32 levels).');
      await http().get('/health').expect(200);
    });
  });
});

/** `levels` objects inside the body object: the body is levels + 1 deep. */
function nestedObject(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 1; i < levels; i++) value = { child: value };
  return { root: value };
}
