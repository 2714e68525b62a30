import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from '../testing/http-test-app';
import { API_VERSIONS, CURRENT_API_VERSION } from './api-version';

let harness: HttpTestApp;
const http = () => request(harness.app.getHttpServer());

beforeAll(async () => {
  harness = await createHttpTestApp();
}, STARTUP_TIMEOUT_MS);
afterAll(() => harness?.close());

describe('API versions', () => {
  it('serves a request without Shipping-Version with the current version, and says so', async () => {
    const response = await http().get('/whoami').set(ACME).expect(200);
    expect(response.headers['shipping-version']).toBe(CURRENT_API_VERSION);
    expect(CURRENT_API_VERSION).toBe(API_VERSIONS[API_VERSIONS.length - 1]);
  });

  it.each(API_VERSIONS.map((version) => [version]))('serves a request pinned to %s', async (version) => {
    const response = await http().get('/whoami').set(ACME).set('Shipping-Version', version).expect(200);
    expect(response.headers['shipping-version']).toBe(version);
  });

  it.each([['2020-01-01'], ['latest'], ['1'], [`${CURRENT_API_VERSION},${CURRENT_API_VERSION}`]])(
    'refuses the unknown version %j with 400 in the envelope, before its handler runs',
    async (version) => {
      const before = harness.invocations.of('orders');
      const response = await http()
        .post('/orders')
        .set(ACME)
        .set('Shipping-Version', version)
        .send({})
        .expect(400);
      expect(response.body).toEqual({
        success: false,
        message: `Shipping-Version "${version}" is not a version of this API: it serves ${API_VERSIONS.join(', ')}.`,
      });
      expect(response.headers['shipping-version']).toBe(CURRENT_API_VERSION);
      expect(response.headers['x-request-id']).toBeTruthy();
      expect(harness.invocations.of('orders')).toBe(before);
    },
  );

  it('names the version on answers of public routes and refusals alike', async () => {
    const unauthenticated = await http().get('/whoami').expect(401);
    expect(unauthenticated.headers['shipping-version']).toBe(CURRENT_API_VERSION);
    const health = await http().get('/health').expect(200);
    expect(health.headers['shipping-version']).toBe(CURRENT_API_VERSION);
  });
});
