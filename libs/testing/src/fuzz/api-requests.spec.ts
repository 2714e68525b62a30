import fc from 'fast-check';
import { fuzzRequests } from './api-requests';

/** One route with a path parameter and no known ids: every id it sends is generated. */
const document = {
  openapi: '3.1.0',
  paths: {
    '/batches/{batch_id}': {
      get: { parameters: [{ name: 'batch_id', in: 'path', required: true, schema: { type: 'string' } }] },
    },
  },
};

describe('fuzz requests', () => {
  it('send every path parameter as a segment of its own route, never a dot segment', () => {
    const requests = fc.sample(
      fuzzRequests({ document, samples: {}, ids: {}, apiKey: 'sk_test_a', adminKey: 'admin' }),
      { numRuns: 20_000, seed: 565915756 },
    );
    const segments = requests.map((request) => request.url.split('?')[0].split('/')[2]);
    expect(segments.filter((segment) => segment === '' || segment === '.' || segment === '..')).toEqual([]);
    // What a server sees: the URL as every client resolves it keeps the route's two segments.
    const resolved = requests.map((request) => new URL(request.url, 'http://api.test').pathname.split('/'));
    expect(resolved.filter((parts) => parts.length !== 3 || parts[1] !== 'batches')).toEqual([]);
  });
});
