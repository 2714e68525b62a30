import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import {
  configureGatewayApp,
  createGatewayAdapter,
  OpenApiDocument,
  readGatewayHttpConfig,
} from '@shipping/gateway-app';
import { CARRIER_PORT, type CarrierPort } from '@shipping/label-app/src/carrier/carrier-port';
import { CarrierRegistry } from '@shipping/label-app/src/carrier/carrier-registry';
import { connectMessageHandlers, createInProcessServer } from '@shipping/messaging';
import { SANDBOX_ADMIN_API_KEY, validateConfig } from '@shipping/platform/config';
import { type ShippingClient, unwrap, waitForBatchStatus } from '@shipping/client';
import {
  batchShipment,
  createTestDatabase,
  eventually,
  freightOrder,
  instantShipBody,
  parcelOrder,
  startWebhookReceiver,
  testClient,
  type TestDatabase,
} from '@shipping/testing';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedConfig } from '../embedded-config';
import { EmbeddedModule } from '../embedded.module';

type Client = ShippingClient;
type Receiver = Awaited<ReturnType<typeof startWebhookReceiver>>;

const ENV = ['STORE', 'DATABASE_URL', 'RATE_LIMIT_PER_MINUTE', 'DATA_DIR', 'LOG_LEVEL', 'ADMIN_API_KEY'];
const NOT_FOUND = { success: false, message: 'Webhook endpoint not found.' };
const endpointPath = (id: number) => ({ params: { path: { webhook_id: String(id) } } });
const UNKNOWN_ORDER = {
  success: false,
  message: 'The given data was invalid.',
  data: { shipment_order_id: ['The selected shipment_order_id is invalid.'] },
};

/**
 * The whole runtime in this process, on PostgreSQL, through the gateway: Acme's test key and a live
 * key issued to Acme see none of each other's orders and webhook endpoints (decision 101), and an
 * endpoint receives only its own mode's events. Live labels come from the sandbox adapter
 * registered as USPS on the merchant's own integration, as no real carrier is reached here.
 */
describe('test and live data of one account, kept apart', () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: NestFastifyApplication;
  let test: Client;
  let live: Client;
  let baseUrl: string;
  const saved = Object.fromEntries(ENV.map((name) => [name, process.env[name]]));

  beforeAll(async () => {
    database = await createTestDatabase('tenants_e2e');
    dataDir = await mkdtemp(join(tmpdir(), 'tenants-'));
    Object.assign(process.env, {
      STORE: 'postgres',
      DATABASE_URL: database.url,
      RATE_LIMIT_PER_MINUTE: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADMIN_API_KEY: SANDBOX_ADMIN_API_KEY,
    });
    const httpConfig = readGatewayHttpConfig();
    const moduleRef = await Test.createTestingModule({
      imports: [EmbeddedModule.forRoot(validateConfig(EmbeddedConfig))],
    })
      .overrideProvider(CarrierRegistry)
      .useFactory({
        inject: [CARRIER_PORT],
        factory: (sandbox: CarrierPort) =>
          new CarrierRegistry(sandbox, [{ carrier: 'usps', integration: 'own', adapter: sandbox }]),
      })
      .compile();
    app = moduleRef.createNestApplication<NestFastifyApplication>(createGatewayAdapter(httpConfig), {
      bodyParser: false,
    });
    configureGatewayApp(app, httpConfig);
    OpenApiDocument.describe(app);
    connectMessageHandlers(app, createInProcessServer(app));
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    baseUrl = await app.getUrl();
    test = testClient(baseUrl, 'sk_test_acme');
    const admin = testClient(baseUrl, SANDBOX_ADMIN_API_KEY);
    const acme = { params: { path: { account_id: 'acct_acme' } } };
    const issued = await admin.POST('/admin/accounts/{account_id}/api-keys', {
      ...acme,
      body: { mode: 'live' },
    });
    expect(issued.response.status).toBe(201);
    live = testClient(baseUrl, issued.data!.data.key);
    // The sandbox seed credit is test credit: what the live key ships is paid from live credit.
    const credited = await admin.POST('/admin/accounts/{account_id}/credit', {
      ...acme,
      body: { amount: '500.00', reference: 'tenants spec', mode: 'live' },
    });
    expect(credited.response.status).toBe(201);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
    for (const [name, value] of Object.entries(saved))
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });

  const listedOrders = async (client: Client) =>
    unwrap(await client.GET('/orders', { params: { query: { per_page: 100 } } })).data.map(
      (order) => order.shipment_order_id,
    );

  it("says each key's mode in GET /account", async () => {
    expect(unwrap(await test.GET('/account')).mode).toBe('test');
    expect(unwrap(await live.GET('/account')).mode).toBe('live');
  });

  it("lists and revises only the key's own mode's orders: the other mode's is unknown, as another account's is", async () => {
    const testOrder = unwrap(await test.POST('/freight-orders', { body: freightOrder() })).shipment_order_id;
    const liveOrder = unwrap(await live.POST('/parcel-orders', { body: parcelOrder() })).shipment_order_id;
    await eventually(async () => ((await listedOrders(test)).includes(testOrder) ? true : undefined));
    await eventually(async () => ((await listedOrders(live)).includes(liveOrder) ? true : undefined));

    expect(await listedOrders(live)).not.toContain(testOrder);
    expect(await listedOrders(test)).not.toContain(liveOrder);
    const reviseTest = await live.POST('/freight-orders', {
      body: { ...freightOrder(), shipment_order_id: testOrder },
    });
    const reviseLive = await test.POST('/parcel-orders', {
      body: { ...parcelOrder(), shipment_order_id: liveOrder },
    });
    const byTiny = await testClient(baseUrl, 'sk_test_tiny').POST('/freight-orders', {
      body: { ...freightOrder(), shipment_order_id: testOrder },
    });
    for (const refused of [reviseTest, reviseLive, byTiny])
      expect([refused.response.status, refused.error]).toEqual([422, UNKNOWN_ORDER]);
    const revised = await live.POST('/parcel-orders', {
      body: { ...parcelOrder(), shipment_order_id: liveOrder },
    });
    expect(revised.response.status).toBe(200);
  });

  it("lists, changes and deletes only the key's own mode's webhook endpoints: 404 for the other mode's", async () => {
    const testEndpoint = unwrap(
      await test.POST('/webhooks', { body: { url: 'https://example.com/test-hooks' } }),
    ).id;
    const liveEndpoint = unwrap(
      await live.POST('/webhooks', { body: { url: 'https://example.com/live-hooks' } }),
    ).id;
    const ids = async (client: Client) =>
      unwrap(await client.GET('/webhooks')).map((endpoint) => endpoint.id);

    expect(await ids(test)).toContain(testEndpoint);
    expect(await ids(test)).not.toContain(liveEndpoint);
    expect(await ids(live)).toContain(liveEndpoint);
    expect(await ids(live)).not.toContain(testEndpoint);
    for (const [client, id] of [
      [live, testEndpoint],
      [test, liveEndpoint],
    ] as const) {
      for (const refused of [
        await client.GET('/webhooks/{webhook_id}/deliveries', endpointPath(id)),
        await client.PATCH('/webhooks/{webhook_id}', {
          ...endpointPath(id),
          body: { url: 'https://example.com/moved' },
        }),
        await client.DELETE('/webhooks/{webhook_id}', endpointPath(id)),
      ])
        expect([refused.response.status, refused.error]).toEqual([404, NOT_FOUND]);
    }
    expect(await ids(test)).toContain(testEndpoint);
    expect(await ids(live)).toContain(liveEndpoint);
    for (const [client, id] of [
      [test, testEndpoint],
      [live, liveEndpoint],
    ] as const)
      expect((await client.DELETE('/webhooks/{webhook_id}', endpointPath(id))).response.status).toBe(200);
  });

  describe('webhook deliveries', () => {
    let testReceiver: Receiver;
    let liveReceiver: Receiver;
    let testEndpoint: number;
    let liveEndpoint: number;
    const events: ('shipment.shipped' | 'batch.completed')[] = ['shipment.shipped', 'batch.completed'];

    beforeAll(async () => {
      [testReceiver, liveReceiver] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
      testEndpoint = unwrap(await test.POST('/webhooks', { body: { url: testReceiver.url, events } })).id;
      liveEndpoint = unwrap(await live.POST('/webhooks', { body: { url: liveReceiver.url, events } })).id;
    });

    afterAll(async () => {
      await testReceiver?.close();
      await liveReceiver?.close();
    });

    const shippedBatch = async (client: Client) => {
      const created = await client.POST('/batches', {
        body: { shipper_id: 1, service: 'USPS-1', batch_shipments: [batchShipment(0)] },
      });
      expect(created.response.status).toBe(201);
      const batchId = created.data!.data.id;
      await waitForBatchStatus(client, batchId, ['ready']);
      const ship = await client.POST('/batches/{batch_id}/ship', {
        params: { path: { batch_id: batchId } },
      });
      expect(ship.response.status).toBe(200);
      await waitForBatchStatus(client, batchId, ['completed']);
      return batchId;
    };
    const completedBatch = (receiver: Receiver, batchId: string) =>
      eventually(
        async () =>
          receiver.received.find(
            (delivery) => delivery.body.type === 'batch.completed' && delivery.body.data.id === batchId,
          ),
        30_000,
      );
    /** Deliveries are stored for every matching endpoint at once, before any is sent. */
    const storedDeliveries = async (client: Client, endpointId: number) =>
      unwrap(
        await client.GET('/webhooks/{webhook_id}/deliveries', {
          params: { path: { webhook_id: String(endpointId) }, query: { per_page: 100 } },
        }),
      ).data.length;
    const shipped = (receiver: Receiver, shipmentOrderId: number | string) =>
      eventually(
        async () =>
          receiver.received.find((delivery) => delivery.body.shipment_order_id === Number(shipmentOrderId)),
        30_000,
      );

    it("sends a live batch's and a live instant ship's webhooks to the live endpoint only, saying live", async () => {
      const batchId = await shippedBatch(live);
      const instant = await live.POST('/parcel-orders/instant-ship', { body: instantShipBody() });
      expect(instant.response.status).toBe(201);

      expect((await completedBatch(liveReceiver, batchId)).body.mode).toBe('live');
      expect((await shipped(liveReceiver, instant.data!.data.shipment_order_id)).body.mode).toBe('live');
      expect(await storedDeliveries(test, testEndpoint)).toBe(0);
      expect(testReceiver.received).toEqual([]);
    }, 90_000);

    it("sends a test batch's and a test instant ship's webhooks to the test endpoint only, saying test", async () => {
      const liveBefore = await storedDeliveries(live, liveEndpoint);
      const batchId = await shippedBatch(test);
      const instant = await test.POST('/parcel-orders/instant-ship', { body: instantShipBody() });
      expect(instant.response.status).toBe(201);

      expect((await completedBatch(testReceiver, batchId)).body.mode).toBe('test');
      expect((await shipped(testReceiver, instant.data!.data.shipment_order_id)).body.mode).toBe('test');
      expect(await storedDeliveries(live, liveEndpoint)).toBe(liveBefore);
      expect(liveReceiver.received.filter((delivery) => delivery.body.mode !== 'live')).toEqual([]);
    }, 90_000);
  });
});
