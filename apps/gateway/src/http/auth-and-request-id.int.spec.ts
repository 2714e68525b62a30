import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS, TINY } from './testing/http-test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

let harness: HttpTestApp;
const http = () => request(harness.app.getHttpServer());

beforeAll(async () => {
  harness = await createHttpTestApp({ bodyLimit: '1kb' });
}, STARTUP_TIMEOUT_MS);
afterAll(() => harness?.close());

describe('API key authentication', () => {
  const refused: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['another scheme', { Authorization: 'Basic c2tfdGVzdF9hY21lOg==' }],
    ['the key without a scheme', { Authorization: 'sk_test_acme' }],
    ['an unknown key', { Authorization: 'Bearer sk_test_nobody' }],
    ['a known key with a suffix', { Authorization: 'Bearer sk_test_acmeX' }],
    ['an empty key', { Authorization: 'Bearer ' }],
    ['two keys', { Authorization: 'Bearer sk_test_acme sk_test_tiny' }],
  ];

  it.each(refused)('answers %s with 401 "Unauthenticated."', async (_case, headers) => {
    const response = await http().get('/whoami').set(headers).expect(401);
    expect(response.body).toEqual({ success: false, message: 'Unauthenticated.' });
    expect(response.headers['www-authenticate']).toBe('Bearer');
  });

  it('refuses a POST without a key before its handler runs', async () => {
    const before = harness.invocations.of('orders');
    await http().post('/orders').send({}).expect(401);
    expect(harness.invocations.of('orders')).toBe(before);
  });

  it('gives the handler the account of the key', async () => {
    const acme = await http().get('/whoami').set(ACME).expect(200);
    const tiny = await http().get('/whoami').set(TINY).expect(200);
    expect(acme.body.data.account).toEqual({ accountId: 'acct_acme', name: 'Acme', mode: 'test' });
    expect(tiny.body.data.account).toEqual({ accountId: 'acct_tiny', name: 'Tiny', mode: 'test' });
  });

  it('reads the scheme case-insensitively', async () => {
    const response = await http().get('/whoami').set('Authorization', 'bearer sk_test_acme').expect(200);
    expect(response.body.data.account.accountId).toBe('acct_acme');
  });

  it('lets a @Public() route through without a key', async () => {
    const response = await http().get('/health').expect(200);
    expect(response.body).toEqual({ success: true, data: { status: 'ok' } });
  });
});

describe('request id', () => {
  it('generates a uuid when the request has none, and hands it to the handler', async () => {
    const response = await http().get('/whoami').set(ACME).expect(200);
    expect(response.headers['x-request-id']).toMatch(UUID);
    expect(response.body.data.requestId).toBe(response.headers['x-request-id']);
  });

  it('gives each request its own id', async () => {
    const first = await http().get('/health');
    const second = await http().get('/health');
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('echoes a sane incoming id', async () => {
    const response = await http().get('/whoami').set(ACME).set('X-Request-Id', 'req_42.retry-1').expect(200);
    expect(response.headers['x-request-id']).toBe('req_42.retry-1');
    expect(response.body.data.requestId).toBe('req_42.retry-1');
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['with spaces and markup', '<script> x'],
    ['empty', ''],
  ])('replaces an incoming id that is %s', async (_case, id) => {
    const response = await http().get('/health').set('X-Request-Id', id).expect(200);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });

  it.each([
    ['401', () => http().get('/whoami')],
    ['404', () => http().get('/nowhere').set(ACME)],
    [
      '400 for malformed JSON',
      () => http().post('/orders').set(ACME).set('Content-Type', 'application/json').send('{'),
    ],
    [
      '413',
      () =>
        http()
          .post('/orders')
          .set(ACME)
          .send({ padding: 'x'.repeat(2048) }),
    ],
  ])('is on a %s answer too', async (_case, send) => {
    const response = await send();
    expect(response.body.success).toBe(false);
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});
