import request from 'supertest';
import { ACME, createHttpTestApp, type HttpTestApp, STARTUP_TIMEOUT_MS } from '../testing/http-test-app';

describe('conditional GETs', () => {
  let harness: HttpTestApp;
  const http = () => request(harness.app.getHttpServer());

  beforeAll(async () => {
    harness = await createHttpTestApp();
  }, STARTUP_TIMEOUT_MS);
  afterAll(() => harness?.close());

  it('tags a JSON answer with a weak ETag that changes with its body', async () => {
    const three = await http().get('/items/3').set(ACME).expect(200);
    const again = await http().get('/items/3').set(ACME).expect(200);
    const four = await http().get('/items/4').set(ACME).expect(200);

    expect(three.headers.etag).toMatch(/^W\/"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    expect(again.headers.etag).toBe(three.headers.etag);
    expect(four.headers.etag).not.toBe(three.headers.etag);
  });

  it('answers 304 without a body when If-None-Match names the current tag, 200 otherwise', async () => {
    const first = await http().get('/items/3').set(ACME).expect(200);

    const unchanged = await http()
      .get('/items/3')
      .set(ACME)
      .set('If-None-Match', first.headers.etag)
      .expect(304);
    expect(unchanged.text).toBe('');
    await http().get('/items/4').set(ACME).set('If-None-Match', first.headers.etag).expect(200);
  });
});
