import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from './testing/http-test-app';

let harness: HttpTestApp;
const http = () => request(harness.app.getHttpServer());

beforeAll(async () => {
  harness = await createHttpTestApp({ adminApiKey: undefined });
}, STARTUP_TIMEOUT_MS);
afterAll(() => harness?.close());

describe('the admin API without ADMIN_API_KEY', () => {
  const routes: [string, string][] = [
    ['GET', '/admin'],
    ['GET', '/admin/accounts'],
    ['POST', '/admin/accounts'],
    ['GET', '/admin/accounts/acct_acme'],
    ['POST', '/admin/accounts/acct_acme/credit'],
    ['DELETE', '/admin/accounts/acct_acme/api-keys/key_x'],
  ];

  it.each(routes)('answers %s %s 404 in the envelope, whatever the key', async (method, path) => {
    for (const headers of [{}, ACME, { Authorization: 'Bearer sk_admin_sandbox_embedded' }]) {
      const response = await http()
        [method.toLowerCase() as 'get' | 'post' | 'delete'](path)
        .set(headers)
        .send(method === 'POST' ? { amount: '1.00' } : undefined);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ success: false, message: 'Not found.' });
    }
  });

  it('leaves the public routes as they were', async () => {
    await http().get('/whoami').set(ACME).expect(200);
    await http().get('/whoami').expect(401);
  });
});
