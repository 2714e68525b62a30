import { apiClient, openApiContract, type RuntimeProcess, startRuntime } from '@shipping/testing';
import fc from 'fast-check';

/** The embedded runtime's admin key while ADMIN_API_KEY is unset. */
const SANDBOX_ADMIN_KEY = 'sk_admin_sandbox_embedded';

/** `API_FUZZ_RUNS=10000` for a long run; `npm test` runs a few hundred generated requests. */
const RUNS = Number(process.env.API_FUZZ_RUNS ?? 300);

const hostileText = fc.oneof(
  fc.constantFrom(
    '%00',
    'a%00b',
    '%FF',
    '%C0%80',
    '%ED%A0%80',
    '%E0%80',
    '%',
    '%zz',
    '..%2F..%2Fetc',
    '%0A%0D',
  ),
  fc.constantFrom('__proto__', 'constructor', 'prototype', 'null', 'undefined', 'NaN', '-0', '1e309'),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
  fc.integer().map(String),
  fc.constant('x'.repeat(5000)),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1.5, 1e308, -1e308, 5e-324, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileNumber,
    fc.constantFrom(null, true, false, '', ' ', '\u0000', '\ud800', '2026-13-45', '25:61', '🚚'),
    fc.string({ maxLength: 30 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom('a', '__proto__', 'constructor', 'id'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** A body text: JSON of hostile shapes, deep nesting, prototype keys, or no JSON at all. */
function bodies(schemaKeys: string[]): fc.Arbitrary<string | undefined> {
  const keys = fc.constantFrom(...schemaKeys, '__proto__', 'constructor', 'unknown_field');
  return fc.oneof(
    fc.constant(undefined),
    fc.dictionary(keys, hostileValue, { maxKeys: 6 }).map((body) => JSON.stringify(body)),
    hostileValue.map((body) => JSON.stringify(body) ?? 'null'),
    fc.integer({ min: 1, max: 200 }).map((depth) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)),
    fc.constantFrom(
      '{"__proto__":{"admin":true},"constructor":{"prototype":{"x":1}}}',
      '{"a":1,',
      '\u0000',
      '[]',
      '"text"',
    ),
  );
}

const schemaKeysOf = (document: any, operation: any): string[] => {
  const ref: string | undefined = operation.requestBody?.content?.['application/json']?.schema?.$ref;
  const schema = ref ? document.components.schemas[ref.slice(ref.lastIndexOf('/') + 1)] : undefined;
  return Object.keys(schema?.properties ?? { id: {} });
};

describe('schema-driven fuzzing of every documented route', () => {
  let runtime: RuntimeProcess;
  let acme: ReturnType<typeof apiClient>;
  let admin: ReturnType<typeof apiClient>;
  let document: any;

  /** What each listing holds: a refused request must change none of them. */
  const stored = async () => ({
    orders: (await acme.get('/orders?per_page=1000')).body.data.data.length as number,
    addresses: (await acme.get('/addresses')).body.data.length as number,
    pickups: (await acme.get('/pickup-orders?per_page=1000')).body.data.data.length as number,
    batches: (await acme.get('/batches?per_page=1000')).body.data.data.length as number,
    webhooks: (await acme.get('/webhooks')).body.data.length as number,
    accounts: (await admin.get('/admin/accounts?per_page=1000')).body.data.data.length as number,
  });
  /** Which listing a created (201) answer of a route adds to. */
  const GROWS: Record<string, keyof Awaited<ReturnType<typeof stored>>> = {
    'POST /freight-orders': 'orders',
    'POST /parcel-orders': 'orders',
    'POST /addresses': 'addresses',
    'POST /pickup-orders': 'pickups',
    'POST /batches': 'batches',
    'POST /webhooks': 'webhooks',
    'POST /admin/accounts': 'accounts',
  };

  beforeAll(async () => {
    runtime = await startRuntime({ env: { RATE_LIMIT_PER_MINUTE: '0' }, startTimeoutMs: 110_000 });
    acme = apiClient(runtime.baseUrl, 'sk_test_acme');
    admin = apiClient(runtime.baseUrl, SANDBOX_ADMIN_KEY);
    document = (await apiClient(runtime.baseUrl).get('/openapi.json')).body;
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop();
  });

  it(
    `answers ${RUNS} hostile requests with a 4xx in the envelope or a success, and stores nothing it refused`,
    async () => {
      const contract = openApiContract(document);
      const requests = fc.constantFrom(...contract.operations).chain((operation) =>
        fc.record({
          operation: fc.constant(operation),
          params: fc.array(hostileText, { minLength: 3, maxLength: 3 }),
          query: fc.array(
            fc.tuple(
              fc.constantFrom('page', 'per_page', 'status', 'page[]', '__proto__[x]', 'expires', 'signature'),
              hostileText,
            ),
            { maxLength: 3 },
          ),
          idempotencyKey: fc.option(
            fc.oneof(fc.string({ minLength: 1, maxLength: 300 }), fc.constant('k'.repeat(256))),
            { nil: undefined },
          ),
          body: bodies(schemaKeysOf(document, operation.operation)),
          // Admin routes are reached with the admin key, and refused with the API key.
          asAdmin: fc.boolean(),
        }),
      );
      const before = await stored();
      const created: Record<string, number> = {};
      const failures: string[] = [];
      const statuses: Record<number, number> = {};
      let sent = 0;
      await fc.assert(
        fc.asyncProperty(
          requests,
          async ({ operation, params, query, idempotencyKey, body: generated, asAdmin }) => {
            const body = operation.method === 'POST' ? generated : undefined;
            let index = 0;
            const path = operation.path.replace(/\{\w+\}/g, () => params[index++]);
            const search = query.map(([key, value]) => `${key}=${value}`).join('&');
            const url = search ? `${path}?${search}` : path;
            const headers: Record<string, string> = {};
            if (idempotencyKey !== undefined && /^[\x20-\x7e]*$/.test(idempotencyKey))
              headers['Idempotency-Key'] = idempotencyKey;
            if (body !== undefined) headers['content-type'] = 'application/json';
            if (asAdmin && operation.path.startsWith('/admin/'))
              headers['authorization'] = `Bearer ${SANDBOX_ADMIN_KEY}`;
            sent++;
            const response = await acme.call(operation.method, url, body, headers).catch((error: Error) => {
              const cause = (error.cause as Error | undefined)?.message ?? String(error);
              failures.push(
                `no answer (${cause}): ${operation.method} ${url.slice(0, 300)} ${String(body).slice(0, 300)}`,
              );
              return undefined;
            });
            if (!response) return true;
            statuses[response.status] = (statuses[response.status] ?? 0) + 1;
            const route = `${operation.method} ${operation.path}`;
            const described = `${operation.method} ${url.slice(0, 200)} ${String(body).slice(0, 200)} -> ${response.status} ${response.text.slice(0, 200)}`;
            if (response.status >= 500) failures.push(`5xx: ${described}`);
            else if (typeof response.body?.success !== 'boolean' && !route.startsWith('GET /labels/'))
              failures.push(`no envelope: ${described}`);
            else if (response.status !== 304) {
              const violation = contract.violation(operation.method, url, response.status, response.body);
              // An empty segment (`/batches//ship`) names no route: any 4xx in the envelope will do.
              const unrouted = violation?.endsWith('is not documented') && response.status < 500;
              if (violation && !unrouted && !(route.startsWith('GET /labels/') && response.status === 200))
                failures.push(`${violation}: ${described}`);
            }
            if (response.status === 201 && GROWS[route])
              created[GROWS[route]] = (created[GROWS[route]] ?? 0) + 1;
            return true;
          },
        ),
        { numRuns: RUNS, seed: process.env.API_FUZZ_SEED ? Number(process.env.API_FUZZ_SEED) : undefined },
      );
      process.stdout.write(
        `api fuzz: ${sent} requests, statuses ${JSON.stringify(statuses)}, 5xx ${failures.filter((f) => f.startsWith('5xx')).length}\n`,
      );
      expect(failures.slice(0, 20)).toEqual([]);
      const after = await stored();
      const expected = Object.fromEntries(
        Object.entries(before).map(([key, count]) => [key, count + (created[key] ?? 0)]),
      );
      expect(after).toEqual(expected);
    },
    60_000 + RUNS * 500,
  );
});
