import {
  apiClient,
  batchShipment,
  fedexPickupOrder,
  fedexPickupRates,
  freightOrder,
  parcelOrder,
  type RuntimeProcess,
  usAddress,
} from '@shipping/testing';

type Json = unknown;

/** Values no field expects all of: wrong types, nulls, containers, extremes, awkward text. */
const HOSTILE: Json[] = [
  null,
  0,
  -1,
  1.5,
  1e308,
  '',
  'x',
  ' ',
  true,
  [],
  {},
  [[{}]],
  { a: { b: { c: [] } } },
  '🚚📦 ﷽ \u202e',
  '\u0000',
  '\ud800',
  'x'.repeat(10_000),
  '2026-13-45',
  '25:61',
  "'; drop table order_open_orders; --",
];

/** Every path of a JSON value (objects and arrays included) with a setter of a changed copy. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const here = prefix.length > 0 ? [prefix] : [];
  if (Array.isArray(value))
    return [...here, ...value.flatMap((item, index) => paths(item, [...prefix, index]))];
  if (value && typeof value === 'object') {
    return [...here, ...Object.entries(value).flatMap(([key, item]) => paths(item, [...prefix, key]))];
  }
  return here;
}

function withValue(body: Json, path: (string | number)[], replacement: Json): Json {
  const copy = structuredClone(body) as Record<string | number, any>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step];
  node[path[path.length - 1]] = replacement;
  return copy;
}

const deeplyNested = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

/**
 * On Acme, whose saved address 1 and shipper 1 the fixtures name. It counts what its own requests
 * add to Acme's lists, so it runs first on a shared runtime, before any other suite's work on
 * Acme can still be landing.
 */
export const hostileInputSuite = (runtimeOf: () => RuntimeProcess) =>
  describe('hostile and malformed input', () => {
    let acme: ReturnType<typeof apiClient>;
    const accepted = { orders: 0, addresses: 0, pickups: 0 };
    /** Which listing grows when a POST to the path is accepted (rates store nothing). */
    const stores: Record<string, keyof typeof accepted | undefined> = {
      '/freight-orders': 'orders',
      '/parcel-orders': 'orders',
      '/addresses': 'addresses',
      '/pickup-orders': 'pickups',
      '/pickup-orders/get-rates': undefined,
      '/batches': undefined,
    };
    const failures: string[] = [];

    const stored = async () => ({
      orders: (await acme.get('/orders?per_page=1000')).body.data.data.length as number,
      addresses: (await acme.get('/addresses')).body.data.length as number,
      pickups: (await acme.get('/pickup-orders?per_page=1000')).body.data.data.length as number,
    });

    async function settled(before: Record<string, number>, expected: Record<string, number>) {
      const deadline = Date.now() + 10_000;
      let now = await stored();
      while (
        Date.now() < deadline &&
        (now.orders < before.orders + expected.orders || now.pickups < before.pickups + expected.pickups)
      ) {
        await new Promise((done) => setTimeout(done, 50));
        now = await stored();
      }
      return now;
    }

    async function expectEnveloped(path: string, body: Json, raw = false) {
      const response = await acme.post(path, raw ? (body as string) : JSON.stringify(body));
      const described = `${path} ${JSON.stringify(body)?.slice(0, 1200)} -> ${response.status} ${response.text.slice(0, 200)}`;
      if (response.status >= 500 || typeof response.body?.success !== 'boolean') failures.push(described);
      const grows = stores[path];
      if (response.status < 300) {
        if (grows) accepted[grows]++;
      } else if (response.body?.success !== false || typeof response.body?.message !== 'string') {
        failures.push(`not a failure envelope: ${described}`);
      }
      if (/at \w+ \(|node_modules|\.ts:\d+/.test(response.text))
        failures.push(`stack trace leaked: ${described}`);
      return response;
    }

    beforeAll(() => {
      acme = apiClient(runtimeOf().baseUrl, 'sk_test_acme');
    });

    const endpoints: [string, () => Json][] = [
      ['/freight-orders', freightOrder],
      ['/parcel-orders', parcelOrder],
      ['/addresses', usAddress],
      ['/pickup-orders', fedexPickupOrder],
      ['/pickup-orders/get-rates', fedexPickupRates],
      ['/batches', () => ({ shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(0)] })],
    ];

    it.each(endpoints)(
      'answers every field of %s replaced by hostile values in the envelope, never 5xx',
      async (path, valid) => {
        const before = await stored();
        for (const fieldPath of paths(valid())) {
          for (const value of HOSTILE) await expectEnveloped(path, withValue(valid(), fieldPath, value));
        }
        expect(failures).toEqual([]);
        // Read models follow the events by milliseconds: a later write, once listed, shows every earlier one is in.
        const after = await settled(before, accepted);
        expect(after).toEqual({
          orders: before.orders + accepted.orders,
          addresses: before.addresses + accepted.addresses,
          pickups: before.pickups + accepted.pickups,
        });
        accepted.orders = 0;
        accepted.addresses = 0;
        accepted.pickups = 0;
      },
      120_000,
    );

    it.each(endpoints)('refuses whole bodies of the wrong kind on %s', async (path) => {
      const before = await stored();
      for (const body of [null, [], [{}], 'text', 42, true, {}]) {
        const response = await expectEnveloped(path, body);
        expect(response.status).toBeGreaterThanOrEqual(400);
      }
      expect(failures).toEqual([]);
      expect(await stored()).toEqual(before);
    });

    it.each(endpoints)(
      'answers malformed JSON, a 5 MB body and 10,000 levels of nesting on %s without storing anything',
      async (path) => {
        const before = await stored();
        const malformed = await expectEnveloped(path, '{"name": ', true);
        expect(malformed.status).toBe(400);
        const huge = await expectEnveloped(
          path,
          JSON.stringify({ ...parcelOrder(), pad: 'x'.repeat(5 * 1024 * 1024) }),
          true,
        );
        expect(huge.status).toBe(413);
        const deep = await expectEnveloped(path, deeplyNested(10_000), true);
        expect([400, 422]).toContain(deep.status);
        expect(failures).toEqual([]);
        expect(await stored()).toEqual(before);
      },
    );

    it('accepts unicode text where text is free and stores it intact', async () => {
      const name = 'Zoë Ñandú 山田 🚚 مرحبا';
      const saved = await acme.post('/addresses', { ...usAddress(), name });
      expect(saved.status).toBe(201);
      const book = await acme.get('/addresses');
      expect(book.body.data.find((address: { id: number }) => address.id === saved.body.data.id).name).toBe(
        name,
      );
    });

    it('answers hostile query strings on the listing in the envelope', async () => {
      for (const query of [
        'page=0',
        'page=-1',
        'page=abc',
        'per_page=100000',
        'per_page=1.5',
        'page=1&page=2',
        'page=1e400',
        'per_page=%00',
      ]) {
        const response = await acme.get(`/orders?${query}`);
        expect({ query, status: response.status, success: response.body?.success }).toEqual({
          query,
          status: 422,
          success: false,
        });
      }
    });

    it('answers unknown routes and methods in the envelope', async () => {
      const unknown = await acme.get('/no-such-thing');
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ success: false, message: expect.any(String) });
      const wrongMethod = await acme.call('DELETE', '/freight-orders');
      expect(wrongMethod.status).toBe(404);
      expect(wrongMethod.body.success).toBe(false);
    });
  });
